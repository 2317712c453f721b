// The stylesheet each prerendered page inlines: only the rules its own markup uses (PurgeCSS),
// about 70 % of the site stylesheet on the home page, half of it on a form page. The other rules
// (for what the app changes later: a menu opened, a carousel turned, another page's blocks) are a
// file the app loads before it takes over (src/app/start-app.tsx): only those, not the whole
// stylesheet again, whose rules, declared a second time, had the browser paint the page anew
// (and report its largest text as painted a second later, the page's LCP). Every byte inlined is
// on the way to first paint: a page whose HTML outgrows the first round trip (about 14 KB)
// paints a round trip later.
import { PurgeCSS } from 'purgecss'
import { sha256 } from './build-cache'

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

/** The rules of `css` that a page with these tokens uses, and the others. */
async function purge(css: string, tokens: string[]): Promise<PageStyles> {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: tokens.join(' '), extension: 'tokens' }],
    css: [{ raw: css }],
    extractors: [{ extensions: ['tokens'], extractor: (content: string) => content.split(' ') }],
    dynamicAttributes: STATE_ATTRIBUTES,
    keyframes: true,
    rejectedCss: true,
  })
  const rest = result.rejectedCss ?? ''
  return { inline: result.css, rest, restFile: `assets/rest-of-styles-${sha256(rest).slice(0, 8)}.css` }
}

/** Per page, its part of the site stylesheet; pages with the same markup tokens share one. */
export function pageStyles(css: string): (html: string) => Promise<PageStyles> {
  const purged = new Map<string, Promise<PageStyles>>()
  return (html) => {
    const tokens = markupTokens(html)
    const key = tokens.join(' ')
    let styles = purged.get(key)
    if (!styles) {
      styles = purge(css, tokens)
      purged.set(key, styles)
    }
    return styles
  }
}
