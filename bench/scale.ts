/**
 * Scale: 1,000 extra city pages, generated from pages/miami-security-services.yaml into a copy
 * of the project, built there and compared with the normal build.
 *
 * Each page gets its own file, city, title, description and h1 (the build rejects duplicates).
 * The build also rejects pages no link leads to, so the new pages are linked the way a marketer
 * would: the Florida page gets one more city list naming the first 20 of them, and each city
 * page's own city list names the next 20 (a tree three levels deep; at most 60 per list).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Document, parseDocument, type YAMLSeq } from 'yaml'
import { folderSize, type PageBytes, pageBytes } from './bytes.ts'
import { type DevLoopResult, runDevLoop } from './dev-loop.ts'
import { type EditorResult, runEditor } from './editor.ts'
import { type BuildResult, buildIn, copyProject, run, TSX } from './project.ts'

type WorkflowPorts = { dev: number; editor: number }

export const EXTRA_PAGES = 1_000
const FAN_OUT = 20
const TEMPLATE = 'pages/miami-security-services.yaml'
const HUB = 'pages/florida-security-services.yaml'

// 40 × 25 = 1,000 place names that are not real Florida cities the site already lists.
const FIRST = [
  'Amber',
  'Bayou',
  'Cedar',
  'Cypress',
  'Dune',
  'Egret',
  'Fern',
  'Gator',
  'Heron',
  'Ibis',
  'Jasmine',
  'Kestrel',
  'Laurel',
  'Magnolia',
  'Marlin',
  'Osprey',
  'Pelican',
  'Quail',
  'Reef',
  'Sable',
  'Tarpon',
  'Umber',
  'Verde',
  'Willow',
  'Yarrow',
  'Zephyr',
  'Anchor',
  'Breeze',
  'Citrus',
  'Dolphin',
  'Emerald',
  'Flamingo',
  'Glade',
  'Hammock',
  'Indigo',
  'Juniper',
  'Kelp',
  'Lagoon',
  'Mangrove',
  'Nautilus',
]
const SECOND = [
  'Harbor',
  'Springs',
  'Grove',
  'Shores',
  'Heights',
  'Point',
  'Bay',
  'Ridge',
  'Hollow',
  'Landing',
  'Crossing',
  'Isles',
  'Meadows',
  'Creek',
  'Bluff',
  'Cove',
  'Estates',
  'Village',
  'Pines',
  'Key',
  'Haven',
  'Lakes',
  'Sound',
  'Terrace',
  'Gardens',
]

export type GeneratedCity = { name: string; slug: string; file: string }

export function cityNames(count: number): GeneratedCity[] {
  if (count > FIRST.length * SECOND.length) throw new Error(`at most ${FIRST.length * SECOND.length} generated cities`)
  return Array.from({ length: count }, (_, i) => {
    const name = `${FIRST[i % FIRST.length]} ${SECOND[Math.floor(i / FIRST.length)]}`
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    return { name, slug, file: `pages/${slug}-security-services.yaml` }
  })
}

/** The cities page `i` lists: its children in the link tree, else its parent and a neighbour. */
function citiesListedBy(i: number, cities: GeneratedCity[]): string[] {
  const children = cities.slice(FAN_OUT * (i + 1), FAN_OUT * (i + 2)).map((c) => c.name)
  if (children.length) return children
  const parent = Math.floor(i / FAN_OUT) - 1
  return [parent >= 0 ? cities[parent] : undefined, cities[i + 1] ?? cities[i - 1]]
    .filter((c) => c !== undefined)
    .map((c) => c.name)
}

export function cityPageYaml(template: string, i: number, cities: GeneratedCity[]): string {
  const { name } = cities[i]
  const doc = parseDocument(template.replaceAll('Miami', name))
  doc.setIn(['meta', 'title'], `${name} Security Services`)
  doc.setIn(
    ['meta', 'description'],
    `Licensed executive protection, event security and estate protection in ${name}, Florida, from veteran-led teams available around the clock.`,
  )
  doc.setIn(['meta', 'city'], name)
  doc.setIn(['meta', 'breadcrumb'], name)
  // Its short address, as `npm run new` offers a city page: a redirect each, which must add
  // nothing to what every page loads.
  doc.setIn(['meta', 'aliases'], [`/${cities[i].slug}-security`])
  doc.setIn(['meta', 'keywords'], [`${name} security services`, `${name} executive protection`, `${name} bodyguard`])
  const blocks = doc.get('blocks') as YAMLSeq
  blocks.items.forEach((_, b) => {
    const type = doc.getIn(['blocks', b, 'type'])
    if (type === 'hero') {
      doc.setIn(['blocks', b, 'heading'], `${name} Executive Protection and Security Services`)
      doc.setIn(['blocks', b, 'eyebrow'], `${name} · Florida`)
    }
    if (type === 'city-list') {
      doc.setIn(['blocks', b, 'heading'], `Communities Near ${name}`)
      doc.setIn(['blocks', b, 'intro'], `Our teams also cover these communities around ${name}.`)
      doc.setIn(['blocks', b, 'cities'], citiesListedBy(i, cities))
    }
  })
  return doc.toString()
}

/** The Florida page with one more city list, before its closing call to action. */
export function hubYaml(hub: string, cities: GeneratedCity[]): string {
  const doc: Document = parseDocument(hub)
  const blocks = doc.get('blocks') as YAMLSeq
  const block = doc.createNode({
    type: 'city-list',
    heading: 'More Florida Communities We Serve',
    intro: 'Each of these communities has a page of its own, with the towns around it.',
    cities: cities.slice(0, FAN_OUT).map((c) => c.name),
  })
  blocks.items.splice(Math.max(0, blocks.items.length - 1), 0, block)
  return doc.toString()
}

export type ScaleBuild = BuildResult & {
  distBytes: number
  distFiles: number
  /** Without the precompressed .br/.gz copies. */
  distOriginalBytes: number
  distOriginalFiles: number
  /** Bytes per file extension (.png, .html, .br, …). */
  distByExtension: Record<string, number>
  home: PageBytes
}
export type ScaleResult = {
  extraPages: number
  /** check, cold and changed builds, dev loop and editor at both sizes, side by side in one run. */
  workflow?: ScaleWorkflow
  normal: ScaleBuild
  scaled: ScaleBuild
  homeJsGrowthBytes: number
  homeCssGrowthBytes: number
  /** Home JS and CSS (gzip) within 1% of the normal build. */
  homeBytesFlat: boolean
}

export function measureBuild(dir: string, build: BuildResult): ScaleBuild {
  const dist = folderSize(join(dir, 'dist'))
  return {
    ...build,
    distBytes: dist.bytes,
    distFiles: dist.files,
    distOriginalBytes: dist.originalBytes,
    distOriginalFiles: dist.originalFiles,
    distByExtension: dist.byExtension,
    home: pageBytes(join(dir, 'dist')),
  }
}

/**
 * Builds a copy of `source` (the copy the normal build ran in, so both builds have the same
 * sources) with EXTRA_PAGES more pages; `normal` is the normal build's figures.
 */
export async function runScale(
  source: string,
  normal: ScaleBuild,
  log: (line: string) => void = console.log,
  options: { workflow?: { normalPorts: WorkflowPorts; scaledPorts: WorkflowPorts } } = {},
): Promise<ScaleResult> {
  const copy = scaledCopy(source)
  try {
    log(`  ${EXTRA_PAGES} city pages written to ${copy.dir}/pages; building…`)
    const scaled = measureBuild(copy.dir, await buildIn(copy.dir))
    log(
      `  ${scaled.pages} pages in ${scaled.buildMs} ms (${scaled.msPerPage} ms per page); dist ${(scaled.distBytes / 1e6).toFixed(1)} MB`,
    )
    if (scaled.pages < normal.pages + EXTRA_PAGES)
      throw new Error(`expected ${normal.pages + EXTRA_PAGES} pages, built ${scaled.pages}`)
    const homeJsGrowthBytes = scaled.home.jsGzip - normal.home.jsGzip
    const homeCssGrowthBytes = scaled.home.cssGzip - normal.home.cssGzip
    return {
      extraPages: EXTRA_PAGES,
      normal,
      scaled,
      homeJsGrowthBytes,
      homeCssGrowthBytes,
      homeBytesFlat: homeJsGrowthBytes <= normal.home.jsGzip * 0.01 && homeCssGrowthBytes <= normal.home.cssGzip * 0.01,
      workflow: options.workflow
        ? {
            normal: await measureWorkflow(source, options.workflow.normalPorts, log),
            scaled: await measureWorkflow(copy.dir, options.workflow.scaledPorts, log),
          }
        : undefined,
    }
  } finally {
    copy.remove()
  }
}

/** The page whose heading a marketer changes between two builds (one sharing image to draw again). */
const CHANGED_PAGE = 'pages/orlando-security-services.yaml'
const RUNS = 3

/** What a marketer waits for at one size: check, builds, dev loop and editor, each measured in the same copy. */
export type Workflow = {
  pages: number
  /** `tsx scripts/check.ts` wall times: the first without .cache/, then RUNS with it. */
  checkColdMs: number
  checkMs: number[]
  /** Builds without .cache/ (and dist/), RUNS of them. */
  coldBuilds: BuildResult[]
  /** Builds after one page's hero heading changed, .cache/ kept, RUNS of them, with the images drawn. */
  changedBuilds: (BuildResult & { imagesDrawn: number; images: number })[]
  devLoop?: DevLoopResult
  editor?: EditorResult
}

export type ScaleWorkflow = { normal: Workflow; scaled: Workflow }

async function wallMs(command: string, args: string[], cwd: string): Promise<number> {
  const started = performance.now()
  const { code, output } = await run(command, args, cwd)
  if (code !== 0)
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${code}):\n${output.slice(-3000)}`)
  return Math.round(performance.now() - started)
}

function drawnOf(build: BuildResult): { imagesDrawn: number; images: number } {
  return { imagesDrawn: build.cache.sharingImagesDrawn, images: build.cache.sharingImages }
}

/** Every figure of the scale table in `dir`, one after another (they would slow each other down). */
export async function measureWorkflow(
  dir: string,
  ports: WorkflowPorts,
  log: (line: string) => void,
): Promise<Workflow> {
  const clean = () => {
    rmSync(join(dir, '.cache'), { recursive: true, force: true })
    rmSync(join(dir, 'dist'), { recursive: true, force: true })
  }
  clean()
  const checkColdMs = await wallMs(TSX, ['scripts/check.ts'], dir)
  const checkMs: number[] = []
  for (let i = 0; i < RUNS; i++) checkMs.push(await wallMs(TSX, ['scripts/check.ts'], dir))
  log(`  npm run check: cold ${checkColdMs} ms, then ${checkMs.join(', ')} ms`)
  const coldBuilds: BuildResult[] = []
  for (let i = 0; i < RUNS; i++) {
    clean()
    coldBuilds.push(await buildIn(dir))
    log(`  cold build: ${coldBuilds.at(-1)!.wallMs} ms (${coldBuilds.at(-1)!.laps})`)
  }
  const changedBuilds: Workflow['changedBuilds'] = []
  const file = join(dir, CHANGED_PAGE)
  const original = readFileSync(file, 'utf8')
  try {
    for (let i = 0; i < RUNS; i++) {
      const doc = parseDocument(original)
      const at = (doc.get('blocks') as YAMLSeq).items.findIndex((_, b) => doc.getIn(['blocks', b, 'type']) === 'hero')
      doc.setIn(['blocks', at, 'heading'], `${doc.getIn(['blocks', at, 'heading'])} (change ${i + 1})`)
      writeFileSync(file, doc.toString())
      const build = await buildIn(dir)
      changedBuilds.push({ ...build, ...drawnOf(build) })
      log(`  build after one heading changed: ${build.wallMs} ms (${build.laps})`)
    }
  } finally {
    writeFileSync(file, original)
  }
  const devLoop = await runDevLoop(dir, ports.dev, log)
  const editor = await runEditor(dir, ports.editor, log)
  return { pages: coldBuilds[0].pages, checkColdMs, checkMs, coldBuilds, changedBuilds, devLoop, editor }
}

/** The project copy `source` with EXTRA_PAGES more city pages, for the caller to remove. */
export function scaledCopy(source: string) {
  const copy = copyProject('scale', source)
  const cities = cityNames(EXTRA_PAGES)
  const template = readFileSync(join(copy.dir, TEMPLATE), 'utf8')
  cities.forEach((city, i) => {
    writeFileSync(join(copy.dir, city.file), cityPageYaml(template, i, cities))
  })
  writeFileSync(join(copy.dir, HUB), hubYaml(readFileSync(join(copy.dir, HUB), 'utf8'), cities))
  return copy
}
