import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { blockFolders, registrySources, sharedStylesOf, writeBlockRegistries } from '../../../src/engine/block-registry'
import { scratchFolder } from '../scratch'

describe('the block registries are generated from the folders of src/blocks', () => {
  it('are committed as generated (run `npm run blocks` when this fails)', async () => {
    for (const [name, text] of Object.entries(
      registrySources(await blockFolders(process.cwd()), sharedStylesOf(process.cwd())),
    ))
      expect(readFileSync(join('src/blocks', name), 'utf8'), `src/blocks/${name} is stale: run npm run blocks`).toBe(
        text,
      )
  })

  it('a new folder with a definition and a component is a new block: its code on demand, its preload, hydration policy, slots and stylesheet', async () => {
    const root = scratchFolder('blocks-')
    const folder = (type: string, component: string, text: string) => {
      mkdirSync(join(root, 'src/blocks', type), { recursive: true })
      writeFileSync(join(root, 'src/blocks', type, 'definition.ts'), 'export default {}\n')
      writeFileSync(join(root, 'src/blocks', type, `${component}.tsx`), text)
    }
    mkdirSync(join(root, 'src/blocks/_shared'), { recursive: true })
    folder('price-table', 'PriceTableBlock', 'export function PriceTableBlock() { return null }\n')
    folder('map', 'MapBlock', 'export function MapBlock() { return null }\nexport const preload = async () => {}\n')
    writeFileSync(
      join(root, 'src/blocks/map/definition.ts'),
      // What the definition declares, whichever way its text says it: a policy made of parts, a slot from a map.
      "const policy = ['vis', 'ible'].join('')\nconst names = { panel: {} }\nexport default { schema: {}, hydrate: policy, slots: { ...names } }\n",
    )
    writeFileSync(join(root, 'src/blocks/map/map.css'), '.map {}\n')
    expect(await writeBlockRegistries(root)).toEqual(['src/blocks/definitions.gen.ts', 'src/blocks/components.gen.ts'])
    const definitions = readFileSync(join(root, 'src/blocks/definitions.gen.ts'), 'utf8')
    expect(definitions).toContain("import priceTable from './price-table/definition'")
    expect(definitions).toContain("  'price-table': priceTable,")
    const components = readFileSync(join(root, 'src/blocks/components.gen.ts'), 'utf8')
    expect(components).toContain("import './map/map.css'")
    expect(components).toContain(
      "  map: {\n    load: () => import('./map/MapBlock').then((m) => ({ component: m.MapBlock, preload: m.preload })),\n    hydrate: 'visible',\n    slots: ['panel'],\n  },",
    )
    expect(components).toContain(
      "  'price-table': {\n    load: () => import('./price-table/PriceTableBlock').then((m) => ({ component: m.PriceTableBlock })),\n  },",
    )
    // Unchanged folders leave the files alone.
    expect(await writeBlockRegistries(root)).toEqual([])
    // A definition changed in the same process is read again, not served from the module cache.
    const changed = join(root, 'src/blocks/map/definition.ts')
    writeFileSync(changed, "export default { schema: {}, hydrate: 'idle' }\n")
    utimesSync(changed, new Date(), new Date(Date.now() + 60_000))
    expect(await writeBlockRegistries(root)).toEqual(['src/blocks/components.gen.ts'])
    expect(readFileSync(join(root, 'src/blocks/components.gen.ts'), 'utf8')).toContain(
      "  map: {\n    load: () => import('./map/MapBlock').then((m) => ({ component: m.MapBlock, preload: m.preload })),\n    hydrate: 'idle',\n  },",
    )
  })

  it('a folder whose component is missing or misnamed is a clear error', async () => {
    const root = scratchFolder('blocks-')
    mkdirSync(join(root, 'src/blocks/gallery'), { recursive: true })
    writeFileSync(join(root, 'src/blocks/gallery/definition.ts'), 'export default {}\n')
    await expect(blockFolders(root)).rejects.toThrow('src/blocks/gallery/ has a definition.ts but no GalleryBlock.tsx')
    writeFileSync(join(root, 'src/blocks/gallery/GalleryBlock.tsx'), 'export function Gallery() { return null }\n')
    await expect(blockFolders(root)).rejects.toThrow('src/blocks/gallery/GalleryBlock.tsx must export GalleryBlock')
  })
})
