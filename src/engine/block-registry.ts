// Generates the two block registries from the folders of src/blocks, as TanStack Router
// generates its route tree: a folder with a definition.ts is a block type named after the
// folder, and its component is the <Type>Block export of <Type>Block.tsx beside it.
//   definitions.gen.ts  type -> definition (build time: schema and hooks)
//   components.gen.ts   type -> its component's module, loaded on demand, and what the browser
//                       needs of its definition: its hydration policy and its slots' names, read
//                       from the definition itself (its `hydrate` and `slots`), not its text
// Adding a block is adding a folder; the files are rewritten by the build, `npm run dev` and
// `npm run blocks`, and a test fails while they are stale.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export const BLOCKS_DIR = 'src/blocks'
const HEADER =
  '// Generated from the folders of src/blocks by src/engine/block-registry.ts (npm run blocks). Do not edit.\n'

const pascal = (type: string) => type.replace(/(^|-)([a-z0-9])/g, (_, _dash, c: string) => c.toUpperCase())
const camel = (type: string) => pascal(type).replace(/^./, (c) => c.toLowerCase())
const key = (type: string) => (/^[a-z][a-z0-9]*$/.test(type) ? type : `'${type}'`)

export type BlockFolder = {
  type: string
  component: string
  preload: boolean
  hydrate?: string
  styles: string[]
  /** The names of the block's slots (its definition's `slots`). */
  slots?: string[]
}

/** What a definition declares that the browser's registry carries. */
type Declared = { hydrate?: string; slots?: Readonly<Record<string, unknown>> }

/**
 * The definition of the block in `folder`, as the module exports it. The file's version is in
 * the address, so a definition changed since this process loaded it is loaded again.
 */
async function definitionIn(folder: string): Promise<Declared> {
  const file = join(folder, 'definition.ts')
  const url = `${pathToFileURL(file).href}?version=${Math.round(statSync(file).mtimeMs * 1000)}`
  const module = (await import(/* @vite-ignore */ url)) as { default?: Declared }
  return module.default ?? {}
}

/** Every block folder, sorted, or an error naming the folder that breaks the convention. */
export async function blockFolders(root: string): Promise<BlockFolder[]> {
  const dir = join(root, BLOCKS_DIR)
  const types = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(join(dir, d.name, 'definition.ts')))
    .map((d) => d.name)
    .sort()
  return Promise.all(types.map((type) => blockFolder(dir, type)))
}

async function blockFolder(dir: string, type: string): Promise<BlockFolder> {
  const component = `${pascal(type)}Block`
  const file = join(dir, type, `${component}.tsx`)
  if (!existsSync(file))
    throw new Error(`${BLOCKS_DIR}/${type}/ has a definition.ts but no ${component}.tsx exporting ${component}`)
  const text = readFileSync(file, 'utf8')
  if (!new RegExp(`export (function|const) ${component}\\b`).test(text))
    throw new Error(`${BLOCKS_DIR}/${type}/${component}.tsx must export ${component}`)
  const { hydrate, slots } = await definitionIn(join(dir, type))
  const styles = readdirSync(join(dir, type)).filter((f) => f.endsWith('.css'))
  const slotNames = Object.keys(slots ?? {})
  return {
    type,
    component,
    preload: /export (async function|const|function) preload\b/.test(text),
    hydrate,
    styles,
    ...(slotNames.length ? { slots: slotNames } : {}),
  }
}

export function registrySources(
  folders: readonly BlockFolder[],
  sharedStyles: readonly string[] = [],
): Record<string, string> {
  const definitions = [
    HEADER,
    ...folders.map((f) => `import ${camel(f.type)} from './${f.type}/definition'`),
    '',
    'export const blockDefinitions = {',
    ...folders.map((f) => `  ${key(f.type)}: ${camel(f.type)},`),
    '} as const',
    '',
  ].join('\n')
  // Each block is its own chunk: a page's first load runs only the code of the blocks that hydrate.
  // Every block's stylesheet is part of the site stylesheet (inlined in every page): a block
  // whose code never loads is still styled.
  const components = [
    HEADER,
    ...sharedStyles.map((f) => `import './_shared/${f}'`),
    ...folders.flatMap((f) => f.styles.map((s) => `import './${f.type}/${s}'`)),
    "import type { BlockComponents } from './types'",
    '',
    'export const blockComponents: BlockComponents = {',
    ...folders.flatMap((f) => [
      `  ${key(f.type)}: {`,
      `    load: () => import('./${f.type}/${f.component}').then((m) => ({ component: m.${f.component}${f.preload ? ', preload: m.preload' : ''} })),`,
      ...(f.hydrate ? [`    hydrate: '${f.hydrate}',`] : []),
      ...(f.slots ? [`    slots: [${f.slots.map((n) => `'${n}'`).join(', ')}],`] : []),
      '  },',
    ]),
    '}',
    '',
  ].join('\n')
  return { 'definitions.gen.ts': definitions, 'components.gen.ts': components }
}

/** Stylesheets of src/blocks/_shared, which several blocks use. */
export function sharedStylesOf(root: string): string[] {
  const dir = join(root, BLOCKS_DIR, '_shared')
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.css'))
        .sort()
    : []
}

/** Writes the registries when they differ from the folders; returns the files it changed. */
export async function writeBlockRegistries(root: string): Promise<string[]> {
  const changed: string[] = []
  for (const [name, text] of Object.entries(registrySources(await blockFolders(root), sharedStylesOf(root)))) {
    const file = join(root, BLOCKS_DIR, name)
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue
    writeFileSync(file, text)
    changed.push(`${BLOCKS_DIR}/${name}`)
  }
  return changed
}
