import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import svgToDataUri from 'mini-svg-data-uri'
import { minifySync } from 'vite'
import type { PageData } from '../blocks/types'

// React 19 emits <title>, <meta> and <link> rendered anywhere in the tree at the start of
// its output; they belong in <head>, where the browser's React finds them again on hydration.
const HOISTED = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/

export function splitHoisted(html: string): { head: string; body: string } {
  const match = HOISTED.exec(html)
  return match ? { head: match[0], body: html.slice(match[0].length) } : { head: '', body: html }
}

/** JSON safe to place inside <script type="application/json">. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const PAGE_STYLES = '<!--page-styles-->'
const REST_OF_STYLES = '<!--rest-of-styles-->'

/**
 * The site stylesheet, inlined: at a few KB it costs less than the round trip that would block
 * the first paint. Each page inlines only the rules its markup uses, and the boot script names
 * the file with the others (`data-styles`), which the app loads before it takes over
 * (`withPageStyles`, from src/build/page-styles.ts). (Form styles stay a file, loaded with the forms.)
 */
export function inlineStylesheet(template: string): { template: string; stylesheet: string } {
  const link = /<link rel="stylesheet" crossorigin href="(\/assets\/index-[^"]+\.css)">/.exec(template)
  if (!link) throw new Error('The built index.html has no site stylesheet')
  const sections = ' data-sections='
  if (!template.includes(sections)) throw new Error('The template has no boot script (deferredApp first)')
  return {
    template: template
      .replace(link[0], PAGE_STYLES)
      .replace(sections, () => ` data-styles="${REST_OF_STYLES}"${sections}`),
    stylesheet: link[1],
  }
}

/** A page with the rules it uses inlined, and the address of the file with the others. */
export function withPageStyles(page: string, inline: string, rest: string): string {
  if (!page.includes(PAGE_STYLES) || !page.includes(REST_OF_STYLES))
    throw new Error('The page has no place for its styles')
  return page.replace(PAGE_STYLES, () => `<style>${inline}</style>`).replace(REST_OF_STYLES, () => rest)
}

/**
 * The icon, inlined as a data: address. As a file, the browser fetched it while the page loaded,
 * on a connection of its own: when it came in before the first paint, Lighthouse counted it as on
 * the way to it (LCP +150 ms, in some runs and not others). At 233 bytes it costs less inlined.
 * The file stays for what names it by address (the structured data's logo, the service worker).
 * A URL may hold no raw space (browsers forgive one; the URL standard and the Nu Html Checker do
 * not), so each is written %20. The file separates its numbers with commas, which a URL may hold
 * as they are, so that only the spaces between attributes need encoding.
 */
export function inlineFavicon(template: string, readAsset: (path: string) => string): string {
  const link = /<link rel="icon" href="(\/[^"]+\.svg)" type="image\/svg\+xml" \/>/.exec(template)
  if (!link) throw new Error('The built index.html has no <link rel="icon" href="/….svg" type="image/svg+xml" />')
  const uri = svgToDataUri.toSrcset(readAsset(link[1]).trim()).replace(/%2c/g, ',')
  return template.replace(link[0], () => `<link rel="icon" href="${uri}" type="image/svg+xml" />`)
}

/**
 * The app starts after the page has loaded and painted: its entry is handed to the boot script
 * (src/app/boot.js, minified and inlined: the only script in <head>, allowed by its hash in the
 * CSP) instead of being a script of its own, so nothing but the HTML, with its stylesheet
 * inlined, is on the way to first paint, not even a request for the boot script. So is the
 * module that lays out the later sections (`sections`), which the boot script imports once the
 * page has painted. `app.first` lists the files the entry imports, dependencies first, which
 * the boot script evaluates one per task before the entry; `app.later` the code the app imports
 * apart from its entry (React DOM's client, which src/app/start-app.tsx evaluates in a task of
 * its own). The boot script fetches both with the entry.
 */
export function deferredApp(
  template: string,
  bootFile: string,
  sections: string,
  app: { first: string[]; later: string[] },
): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)
  if (!entry) throw new Error('The built index.html has no module script for the app')
  // Where index.html names it, left as it is by Vite (`vite-ignore`, whose removal leaves a space).
  const boot = /<script type="module" src="\/boot\.js"\s*><\/script>/.exec(template)
  if (!boot) throw new Error('The built index.html has no <script type="module" src="/boot.js" vite-ignore></script>')
  const minified = minifiedModule(bootFile)
  return template
    .replace(entry[0], '')
    .replace(
      boot[0],
      () =>
        `<script type="module" data-entry="${entry[1]}" data-first="${app.first.join(' ')}" data-app="${app.later.join(' ')}" data-sections="${sections}">${minified}</script>`,
    )
}

/** A module of the engine's, minified as Vite minifies the app's (a syntax error fails the build). */
export function minifiedModule(file: string): string {
  const minified = minifySync(basename(file), readFileSync(file, 'utf8'), { module: true })
  if (minified.errors.length) throw new Error(`${file}: ${minified.errors.map((e) => e.message).join('; ')}`)
  return minified.code
}

/** The template with its <html lang> set to the page's language. */
export function withLanguage(template: string, code: string): string {
  if (!/<html lang="[^"]*"/.test(template)) throw new Error('The built index.html has no <html lang="…">')
  return template.replace(/<html lang="[^"]*"/, () => `<html lang="${code}"`)
}

export function injectIntoTemplate(
  template: string,
  appHtml: string,
  page: PageData | undefined,
  jsonLd?: string,
): string {
  const { head, body } = splitHoisted(appHtml)
  // `null` tells the browser this address has no page (the not-found page), so it does not ask.
  // Structured data for search engines is a data block, never executed (CSP-safe).
  const data =
    `<script type="application/json" id="page-data">${jsonForHtml(page ?? null)}</script>` +
    (jsonLd ? `<script type="application/ld+json">${jsonLd}</script>` : '')
  // Replacer functions, not strings: page text such as "$$$" must not be read as `$` patterns.
  return template
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => body)
    .replace('<!--app-data-->', () => data)
}
