// axe-core's WCAG 2.2 A and AA check of a page, the same run `new AxeBuilder({ page }).withTags(WCAG_TAGS)
// .analyze()` makes (@axe-core/playwright), at about half its cost. For a page without frames that
// builder sends axe's 500 KB source to the page on every call, runs axe.runPartial there, opens a
// second page, sends the source again to it, runs axe.finishRun there on the partial results and
// brings every result (passes and all) back: 1.0 s of CPU a page, of which the rules themselves take
// 0.36 s. Here the source goes to a document once, axe.run (runPartial and finishRun in one) runs in
// the page with the same configuration, options and context, and only the violations come back.
// A page with frames is checked by AxeBuilder itself, as axe's results across frames are its work.
// accessibility.test.ts checks that both find the same on a page with faults.
import { createRequire } from 'node:module'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright'

// axe-core's types, as @axe-core/playwright gives them (axe-core is its dependency, not ours).
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>
type RunOptions = Parameters<AxeBuilder['options']>[0]
type Axe = { run(context: unknown, options: RunOptions): Promise<AxeResults>; configuredForTests?: true }

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

// The axe-core that @axe-core/playwright injects (its own dependency, which may differ from
// another package's copy in node_modules).
const fromHere = createRequire(import.meta.url)
const { source } = createRequire(fromHere.resolve('@axe-core/playwright'))('axe-core') as { source: string }

// As AxeBuilder configures axe in a page that has axe.runPartial (every axe-core 4.x), and marked
// as ours: an axe that AxeBuilder itself injected since is not configured.
const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })
axe.configuredForTests = true`
// AxeBuilder's context when nothing is included or excluded.
const CONTEXT = { include: [], exclude: [] }

type Run = { context: typeof CONTEXT; options: RunOptions; all: boolean }

/** axe's results for the page: with `all`, every result type, else the violations alone (null when axe is not loaded). */
function runAxe({ context, options, all }: Run) {
  const axe = (window as unknown as { axe?: Axe }).axe
  if (!axe?.configuredForTests) return null
  return axe.run(context, options).then((results) => (all ? results : { violations: results.violations }))
}

async function run(page: Page, options: RunOptions, all: boolean): Promise<Pick<AxeResults, 'violations'>> {
  const args: Run = { context: CONTEXT, options, all }
  const results = await page.evaluate(runAxe, args)
  if (results) return results
  // A new document: axe is sent to it once, and stays until the page navigates.
  await page.evaluate(`${source}\n;${CONFIGURE}`)
  const loaded = await page.evaluate(runAxe, args)
  if (!loaded) throw new Error('axe-core did not load in the page')
  return loaded
}

/** What axe finds on the page, as AxeBuilder's analyze() finds it (its `violations`). */
export async function axeViolations(page: Page, tags = WCAG_TAGS): Promise<AxeResults['violations']> {
  const options: RunOptions = { runOnly: { type: 'tag', values: tags } }
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).withTags(tags).analyze()).violations
  return (await run(page, options, false)).violations
}

/** Every result of the run axeViolations makes (passes, incomplete, inapplicable too): to compare with AxeBuilder's. */
export async function axeResults(page: Page, tags = WCAG_TAGS): Promise<AxeResults> {
  return (await run(page, { runOnly: { type: 'tag', values: tags } }, true)) as AxeResults
}

/** What axe finds on the page, a line each: the rule, its help and where (the first three elements). */
export async function violationLines(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  )
}
