/**
 * Scale: 1,000 extra city pages, generated from pages/miami-security-services.yaml into a copy
 * of the project, built there and compared with the normal build.
 *
 * Each page gets its own file, city, title, description and h1 (the build rejects duplicates).
 * The build also rejects pages no link leads to, so the new pages are linked the way a marketer
 * would: the Florida page gets one more city list naming the first 20 of them, and each city
 * page's own city list names the next 20 (a tree three levels deep; at most 60 per list).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Document, parseDocument, type YAMLSeq } from 'yaml'
import { folderSize, type PageBytes, pageBytes } from './bytes.ts'
import { type BuildResult, buildIn, copyProject } from './project.ts'

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
): Promise<ScaleResult> {
  const copy = copyProject('scale', source)
  try {
    const cities = cityNames(EXTRA_PAGES)
    const template = readFileSync(join(copy.dir, TEMPLATE), 'utf8')
    cities.forEach((city, i) => {
      writeFileSync(join(copy.dir, city.file), cityPageYaml(template, i, cities))
    })
    writeFileSync(join(copy.dir, HUB), hubYaml(readFileSync(join(copy.dir, HUB), 'utf8'), cities))
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
    }
  } finally {
    copy.remove()
  }
}
