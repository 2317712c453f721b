import type { PageData } from '../src/blocks/types'

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

/**
 * The site stylesheet, inlined: at a few KB it costs less than the round trip that would
 * block the first paint. (Form styles stay a file, loaded with the forms.)
 */
export function inlineStylesheet(template: string, readAsset: (path: string) => string): string {
  return template.replace(
    /<link rel="stylesheet" crossorigin href="(\/assets\/index-[^"]+\.css)">/,
    (_, href: string) => `<style>${readAsset(href)}</style>`,
  )
}

/**
 * The app's script is fetched at low priority: the prerendered page is complete without it, so
 * it must not take bandwidth from the HTML, the stylesheet or the largest image.
 */
export const lowPriorityScripts = (template: string) =>
  template.replace(
    /<script type="module" crossorigin src=/g,
    '<script type="module" fetchpriority="low" crossorigin src=',
  )

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
