// A small, clean site for the integrity tests: three pages, a short site.yaml (built from the
// real one, so company facts and SEO settings stay valid) and a copy of public/. Each test
// changes one thing and expects exactly the problem that change causes.
import { cpSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { type BlockRenderer, openBlockRenderer } from '../../../src/build/block-renderer'
import { addressOf } from '../../../src/content/addresses'
import type { SiteConfig } from '../../../src/content/types'
import { loadContent } from '../../../src/engine/content-store'
import { checkIntegrity } from '../../../src/engine/integrity'
import { checkRenderedHeadings } from '../../../src/engine/integrity/headings'
import type { ParsedPage, RawPage } from '../../../src/engine/parsed-page'
import { formatProblem, type Problem } from '../../../src/engine/problems'
import { parseYamlSource } from '../../../src/engine/yaml-source'
import { fixtureSite } from '../fixture-site'

type PageOptions = { title: string; description: string; meta?: string; blocks?: string }

/** A page with a hero (its h1) and a call to action, unless `blocks` replaces them. */
export function page({ title, description, meta = '', blocks }: PageOptions): string {
  return `meta:
  title: ${title}
  description: ${description}
${meta}blocks:
${
  blocks ??
  `  - type: hero
    heading: ${title}
  - type: cta
    heading: Talk to us
    actions:
      - label: Contact
        href: /contact-us
`
}`
}

export const basePages = (): Record<string, string> => ({
  'index.yaml': page({
    title: 'Executive Protection in Central Florida',
    description: 'Licensed executive protection, event and residential security across Central Florida, day and night.',
  }),
  'contact-us.yaml': page({
    title: 'Contact Our Protection Team in Confidence',
    description:
      'Call, write or request a confidential consultation with our licensed protection team; we reply within a day.',
  }),
  'services/event-security.yaml': page({
    title: 'Event Security for Galas and Conferences',
    description:
      'Risk planning, access control, VIP escort and crowd management for galas, conferences and private events.',
  }),
})

type SiteYaml = Record<string, unknown>

/**
 * The real site.yaml with its navigation, catalogue, related links and redirects cut to the
 * fixture's pages, in its default language only (a test of translations adds its own).
 */
/** The event-security service page, with the blocks a test gives, among the base pages. */
export const EVENTS = 'pages/services/event-security.yaml'
export const events = (blocks: string) => ({
  ...basePages(),
  'services/event-security.yaml': page({
    title: 'Event Security for Galas and Conferences',
    description:
      'Risk planning, access control, VIP escort and crowd management for galas, conferences and private events.',
    blocks,
  }),
})

export function baseSite(): SiteYaml {
  const real = parse(readFileSync('site.yaml', 'utf8')) as SiteYaml & { locales: Record<string, unknown> }
  const contact = { title: 'Contact Us', url: '/contact-us', description: 'Talk to us in confidence.', icon: 'phone' }
  const [defaultCode] = Object.keys(real.locales)
  return {
    ...real,
    locales: { [defaultCode]: real.locales[defaultCode] },
    services: [
      {
        title: 'Event Security',
        href: '/services/event-security',
        icon: 'calendar',
        summary: 'Planning and staffing for events.',
      },
    ],
    // The fixture's pages list no places (a test of places declares its own).
    places: undefined,
    // Any names: a site declares its own sets.
    relatedLinks: { services: [contact], events: [contact] },
    nav: {
      links: [
        { label: 'Home', href: '/' },
        { label: 'Contact', href: '/contact-us' },
      ],
      services: { label: 'Services', href: '/services/event-security' },
      cta: { label: 'Request Protection Now', href: '/contact-us' },
    },
    footer: {
      columns: [{ heading: 'Company', links: [{ label: 'Contact', href: '/contact-us' }] }],
      credentials: [],
      copyrightYear: 2024,
    },
    redirects: [{ from: '/contact', to: '/contact-us' }],
  }
}

function makeRoot(pages: Record<string, string>, siteText: string): string {
  const root = fixtureSite(pages, siteText)
  cpSync('public', join(root, 'public'), { recursive: true })
  return root
}

export type Checked = { problems: Problem[]; messages: string[]; files: Record<string, string> }

/** Loads the fixture site (pages relative to pages/, site.yaml as an object) and returns its problems. */
export function check(pages: Record<string, string>, site: SiteYaml = baseSite()): Checked {
  const siteText = stringify(site, { lineWidth: 0 })
  const { problems } = loadContent(makeRoot(pages, siteText))
  const files = {
    'site.yaml': siteText,
    ...Object.fromEntries(Object.entries(pages).map(([f, t]) => [`pages/${f}`, t])),
  }
  return { problems, messages: problems.map(formatProblem), files }
}

let renderer: Promise<BlockRenderer> | undefined

/** Closes the block renderer that checkRendered opened (call in afterAll). */
export async function closeRenderer() {
  await (await renderer)?.close()
  renderer = undefined
}

/**
 * The block renderer of this file's tests, opened at its first use (starting Vite's module loader
 * takes seconds) and shared by all of them; closeRenderer() closes it.
 */
export async function sharedRenderer(): Promise<BlockRenderer> {
  renderer ??= openBlockRenderer(process.cwd())
  return renderer
}

/** As check(), plus the checks that read the rendered blocks (headings). */
export async function checkRendered(pages: Record<string, string>, site: SiteYaml = baseSite()): Promise<Checked> {
  const siteText = stringify(site, { lineWidth: 0 })
  const content = loadContent(makeRoot(pages, siteText))
  const rendered = await checkRenderedHeadings(content.parsed, (await sharedRenderer()).render)
  const problems = [...content.problems, ...rendered]
  const files = {
    'site.yaml': siteText,
    ...Object.fromEntries(Object.entries(pages).map(([f, t]) => [`pages/${f}`, t])),
  }
  return { problems, messages: problems.map(formatProblem), files }
}

/** 1-based line of the first line of `text` that contains `needle` (after line `after`). */
export function lineOf(text: string, needle: string, after = 0): number {
  const lines = text.split('\n')
  const i = lines.findIndex((l, n) => n >= after && l.includes(needle))
  if (i < 0) throw new Error(`"${needle}" not in the fixture`)
  return i + 1
}

/** "file:line:col" of `value` on the `nth` line of the file containing `needle` (default: `value`). */
export function where(checked: Checked, file: string, value: string, needle = value, nth = 1): string {
  const text = checked.files[file]
  let line = 0
  for (let i = 0; i < nth; i++) line = lineOf(text, needle, line)
  const col = text.split('\n')[line - 1].indexOf(value) + 1
  return `${file}:${line}:${col}`
}

/** "file:line" of the `nth` line containing `needle`. */
export const lineAt = (checked: Checked, file: string, needle: string, nth = 1) =>
  where(checked, file, needle, needle, nth).replace(/:\d+$/, '')

/**
 * Calls checkIntegrity directly, with `root`, as load-content does once it passes it: pages
 * listed in `failedSchema` exist on disk but are left out, as if they had failed their schema.
 */
export function checkWithRoot(
  pages: Record<string, string>,
  failedSchema: string[] = [],
  site: SiteYaml = baseSite(),
): Checked {
  const siteText = stringify(site, { lineWidth: 0 })
  const root = makeRoot(pages, siteText)
  const siteSource = parseYamlSource('site.yaml', siteText)
  const parsed: ParsedPage[] = Object.entries(pages)
    .filter(([file]) => !failedSchema.includes(file))
    .map(([file, text]) => {
      const source = parseYamlSource(`pages/${file}`, text)
      return { file: source.file, address: addressOf(file), source, raw: source.data as RawPage }
    })
  const problems = checkIntegrity({ site: siteSource.data as SiteConfig, siteSource, pages: parsed, root })
  const files = {
    'site.yaml': siteText,
    ...Object.fromEntries(Object.entries(pages).map(([f, t]) => [`pages/${f}`, t])),
  }
  return { problems, messages: problems.map(formatProblem), files }
}
