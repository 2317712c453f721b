// Checks across files that a JSON Schema (one file at a time) cannot make. Each returns
// problems located at file:line:col with what is wrong and how to fix it. Errors fail
// `npm run check` and the build; warnings are printed but do not.
//
//   links.ts          1. internal links lead to a page (directly or through a redirect);
//                        site.yaml's places.listedOn is a page with a city list
//   redirects.ts      2. redirect targets exist; no chains, loops, shadowed pages, duplicates
//   uniqueness.ts     3. no two pages share a title, a description or a city
//   seo.ts            4. title and description lengths; no orphan pages
//   blocks.ts         6. per-block rules (each block's definition) and unique anchors
//   headings.ts       4. exactly one h1 and no skipped level, on the rendered HTML (run by
//                        the build and npm run check once the blocks can be rendered)
//   images.ts         5. image files exist in public/; alt text; (icons: see there)
//   repeated-facts.ts 7. no fact of site.yaml written out by hand
//   translations.ts   8. translation pairs: sources exist, one per language, stale ones flagged,
//                        links to the page's own language's version
//   locales.ts        9. each language translates every site-wide text of site.yaml
import type { Problem } from '../problems'
import { checkBlocks } from './blocks'
import { buildContext, type IntegrityInput } from './context'
import { checkImages } from './images'
import { checkLinks, checkPlaces } from './links'
import { checkLocales } from './locales'
import { checkAliases, checkRedirects } from './redirects'
import { checkRepeatedFacts } from './repeated-facts'
import { checkLengths, checkOrphans } from './seo'
import { checkTranslations } from './translations'
import { checkUniqueness } from './uniqueness'

export type { IntegrityInput } from './context'

export function checkIntegrity(input: IntegrityInput): Problem[] {
  const ctx = buildContext(input)
  const problems = [
    ...checkLinks(ctx),
    ...checkPlaces(ctx),
    ...checkRedirects(ctx),
    ...checkAliases(ctx),
    ...checkUniqueness(ctx),
    ...checkLengths(ctx),
    ...checkOrphans(ctx),
    ...checkBlocks(ctx),
    ...checkImages(ctx),
    ...checkRepeatedFacts(ctx),
    ...checkTranslations(ctx),
    ...checkLocales(ctx),
  ]
  // In reading order: site.yaml, then each page as load-content listed them, top to bottom.
  const order = new Map([input.siteSource.file, ...input.pages.map((p) => p.file)].map((f, i) => [f, i]))
  return problems.sort(
    (a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) || a.line - b.line || a.col - b.col,
  )
}
