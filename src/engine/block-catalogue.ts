// The development-only block catalogue (/_blocks): every block type rendered from its
// schema's first example, each after a label block (templates/blocks-catalogue.yaml), with the
// fields that file's `replace` gives it (values only this site declares, such as a link set's name).
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parse, stringify } from 'yaml'
import { addressOf } from '../content/addresses'
import { blockSchemas } from './blocks'
import { type ContentStore, sharedContentStore } from './content-store'
import type { Content } from './load-content'
import { problemSnippets } from './problem-report'
import type { Problem } from './problems'

const LABEL_TEMPLATE = 'templates/blocks-catalogue.yaml'

/** The block catalogue's in-memory page file (never on disk) and the address it is served at. */
export const CATALOGUE_FILE = 'pages/blocks-catalogue.yaml'
export const CATALOGUE_ADDRESS = '/_blocks'
const CATALOGUE_TITLE = 'Block catalogue (development only)'
/** The address the catalogue's file has as a page, before it is moved to CATALOGUE_ADDRESS. */
const CATALOGUE_PAGE_ADDRESS = addressOf(relative('pages', CATALOGUE_FILE))

/** The catalogue page as YAML: for every block type, a label and the block's first example. */
export function blockCatalogueYaml(root = process.cwd()): string {
  const { label, replace = {} } = parse(readFileSync(join(root, LABEL_TEMPLATE), 'utf8')) as {
    label: object
    replace?: Record<string, object>
  }
  const blocks = Object.entries(blockSchemas).flatMap(([type, schema]) => {
    const example = { ...(schema.examples as readonly object[])[0], ...replace[type] }
    const fill = (text: string) =>
      text.replace(/\{(title|type|description)\}/g, (_, key: string) =>
        String({ title: schema.title, type, description: schema.description }[key]),
      )
    return [JSON.parse(JSON.stringify(label), (_, v) => (typeof v === 'string' ? fill(v) : v)), { type, ...example }]
  })
  const page = {
    meta: {
      title: CATALOGUE_TITLE,
      description:
        'Every block type of the site, rendered from the first example in its schema. Served by npm run dev only.',
      breadcrumb: 'Block catalogue',
      noindex: true,
    },
    blocks,
  }
  return `# In memory only: npm run dev serves it at ${CATALOGUE_ADDRESS}; production builds never contain it.\n${stringify(page, { lineWidth: 0 })}`
}

/**
 * The store of the site's content: in development, with the block catalogue among its pages; in
 * a build, kept in the build cache (`cacheDir`, default BUILD_CACHE_DIR's).
 */
export function siteContentStore(root: string, serving: boolean, cacheDir?: string): ContentStore {
  return serving
    ? sharedContentStore(root, { extraPages: [{ file: CATALOGUE_FILE, text: blockCatalogueYaml(root) }] })
    : sharedContentStore(root, { diskCache: true, cacheDir })
}

/**
 * The content the plugin works with. In development (`serving`) it includes the block
 * catalogue, moved to its development address (page file names cannot start with `_`). The
 * catalogue's own problems never count as the site's: its several h1 blocks and unlinked page
 * are expected. `catalogueProblems` is set only when it could not be built at all, i.e. when a
 * schema example does not validate.
 */
export function loadSiteContent(
  store: ContentStore,
  serving: boolean,
  options: { integrity?: boolean } = {},
): { content: Content; catalogueProblems: Problem[] } {
  const content = store.content(options)
  if (!serving) return { content, catalogueProblems: [] }
  // Known by its file (the in-memory page this module adds), not by what it says.
  const isCatalogue = (p: Content['pages'][number]) => p.path === CATALOGUE_PAGE_ADDRESS
  const built = content.pages.some(isCatalogue)
  const pages = content.pages.map((p) =>
    isCatalogue(p)
      ? {
          ...p,
          path: CATALOGUE_ADDRESS,
          breadcrumbs: [
            { label: 'Home', href: '/' },
            { label: 'Block catalogue', href: CATALOGUE_ADDRESS },
          ],
        }
      : p,
  )
  const folders = content.manifest.folders.includes('') ? content.manifest.folders : ['', ...content.manifest.folders]
  return {
    content: {
      ...content,
      pages,
      manifest: { ...content.manifest, folders },
      problems: content.problems.filter((p) => p.file !== CATALOGUE_FILE),
    },
    catalogueProblems: built ? [] : content.problems.filter((p) => p.file === CATALOGUE_FILE && p.severity === 'error'),
  }
}

export function catalogueWarning(problems: Problem[]): string {
  return [
    `The block catalogue (${CATALOGUE_ADDRESS}) is built from the first example of each block schema, and some examples do not validate (blocks[n] counts the label before each example):`,
    problemSnippets(problems, () => blockCatalogueYaml()),
    'Fix the `examples` in src/blocks/<type>/definition.ts.',
  ].join('\n')
}
