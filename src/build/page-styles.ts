// The stylesheet each prerendered page inlines: only the rules its own markup uses (PurgeCSS),
// about 70 % of the site stylesheet on the home page, half of it on a form page. The other rules
// (for what the app changes later: a menu opened, a carousel turned, another page's blocks) are a
// file the app loads before it takes over (src/app/start-app.tsx): only those, not the whole
// stylesheet again, whose rules, declared a second time, had the browser paint the page anew
// (and report its largest text as painted a second later, the page's LCP). Every byte inlined is
// on the way to first paint: a page whose HTML outgrows the first round trip (about 14 KB)
// paints a round trip later.
//
// A purge takes a quarter of a second or more, and a build makes a few dozen: about 4 s of CPU
// (a third of a build whose pages all come from the cache). Each is kept in the build cache
// (BUILD_CACHE_DIR/styles), keyed by the stylesheet, the markup tokens and the purge's settings
// and packages: a build whose stylesheet and pages' markup did not change purges nothing, and
// any change to them is a new key, never a stale entry.
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { PurgeCSS } from 'purgecss'
import { packageVersion, sha256, type VerifiedCache } from './cache'

// The states a visitor reaches without the app (none of these attributes changes without it,
// but a page may be prerendered with any of them).
const STATE_ATTRIBUTES = ['aria-current', 'aria-expanded', 'aria-pressed', 'hidden']

// The attributes whose words selectors name (the others, by their name alone, if at all).
const SELECTED_VALUES = new Set(['class', 'id', 'type', 'role'])
const START_TAG = /<([a-zA-Z][\w-]*)([^>]*)>/g
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g

/**
 * What a page's markup offers selectors: its tags, its attributes' names, and the words of its
 * classes, ids, types and roles. Not its text or addresses, so pages built alike (a city page and
 * the next) give the same list and share one purge.
 */
export function markupTokens(html: string): string[] {
  const tokens = new Set<string>()
  const markup = html.replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1>/g, '')
  for (const [, tag, attributes] of markup.matchAll(START_TAG)) {
    tokens.add(tag.toLowerCase())
    for (const [, name, ...values] of attributes.matchAll(ATTRIBUTE)) {
      tokens.add(name)
      if (!SELECTED_VALUES.has(name)) continue
      for (const word of (values.find((value) => value !== undefined) ?? '').split(/\s+/)) if (word) tokens.add(word)
    }
  }
  return [...tokens].sort()
}

/**
 * A page's part of the site stylesheet (`inline`), and the rest, with the asset it is written to
 * (named by its digest: pages alike share one file, cached for good).
 */
export type PageStyles = { inline: string; rest: string; restFile: string }

/** Every setting and package that changes what a purge gives: part of every cache key. */
const SETTINGS = (() => {
  // postcss and its selector parser as purgecss itself resolves them.
  const purgecss = dirname(createRequire(import.meta.url).resolve('purgecss'))
  return {
    dynamicAttributes: STATE_ATTRIBUTES,
    keyframes: true,
    rejectedCss: true,
    extractor: 'tokens split on spaces',
    purgecss: packageVersion('purgecss'),
    postcss: packageVersion('postcss', purgecss),
    selectorParser: packageVersion('postcss-selector-parser', purgecss),
  }
})()

/** The rules of `css` that a page with these tokens uses, and the others. */
async function purge(css: string, tokens: string[]): Promise<Omit<PageStyles, 'restFile'>> {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: tokens.join(' '), extension: 'tokens' }],
    css: [{ raw: css }],
    extractors: [{ extensions: ['tokens'], extractor: (content: string) => content.split(' ') }],
    dynamicAttributes: SETTINGS.dynamicAttributes,
    keyframes: SETTINGS.keyframes,
    rejectedCss: SETTINGS.rejectedCss,
  })
  return { inline: result.css, rest: result.rejectedCss ?? '' }
}

/** A purge's result, from `cache` when it holds one for the same stylesheet, tokens and settings. */
async function cachedPurge(css: string, tokens: string[], cache?: VerifiedCache): Promise<PageStyles> {
  const key = cache && sha256(JSON.stringify([SETTINGS, sha256(css), tokens])).slice(0, 32)
  const hit = key ? cache?.read(key, 'json') : undefined
  const styles = hit
    ? (JSON.parse(hit.toString('utf8')) as Omit<PageStyles, 'restFile'>)
    : await purge(css, tokens).then(async (made) => {
        if (key) await cache?.write(key, 'json', Buffer.from(JSON.stringify(made)))
        return made
      })
  return { ...styles, restFile: `assets/rest-of-styles-${sha256(styles.rest).slice(0, 8)}.css` }
}

/**
 * Per page, its part of the site stylesheet; pages with the same markup tokens share one, and
 * with `cache`, builds with the same stylesheet and tokens share one too.
 */
export function pageStyles(css: string, cache?: VerifiedCache): (html: string) => Promise<PageStyles> {
  const purged = new Map<string, Promise<PageStyles>>()
  return (html) => {
    const tokens = markupTokens(html)
    const key = tokens.join(' ')
    let styles = purged.get(key)
    if (!styles) {
      styles = cachedPurge(css, tokens, cache)
      purged.set(key, styles)
    }
    return styles
  }
}
