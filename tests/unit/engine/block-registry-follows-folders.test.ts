import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { blockFolders, registrySources, sharedStylesOf, writeBlockRegistries } from '../../../src/engine/block-registry'
import { scratchFolder } from '../scratch'

describe('the block registries are generated from the folders of src/blocks', () => {
  it('are committed as generated (run `npm run blocks` when this fails)', () => {
    for (const [name, text] of Object.entries(
      registrySources(blockFolders(process.cwd()), sharedStylesOf(process.cwd())),
    ))
      expect(readFileSync(join('src/blocks', name), 'utf8'), `src/blocks/${name} is stale: run npm run blocks`).toBe(
        text,
      )
  })

  it('a new folder with a definition and a component is a new block: its code on demand, its preload, hydration policy and stylesheet', () => {
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
      "export default defineBlock(schema, {\n  hydrate: 'visible',\n})\n",
    )
    writeFileSync(join(root, 'src/blocks/map/map.css'), '.map {}\n')
    expect(writeBlockRegistries(root)).toEqual(['src/blocks/definitions.gen.ts', 'src/blocks/components.gen.ts'])
    const definitions = readFileSync(join(root, 'src/blocks/definitions.gen.ts'), 'utf8')
    expect(definitions).toContain("import priceTable from './price-table/definition'")
    expect(definitions).toContain("  'price-table': priceTable,")
    const components = readFileSync(join(root, 'src/blocks/components.gen.ts'), 'utf8')
    expect(components).toContain("import './map/map.css'")
    expect(components).toContain(
      "  map: {\n    load: () => import('./map/MapBlock').then((m) => ({ component: m.MapBlock, preload: m.preload })),\n    hydrate: 'visible',\n  },",
    )
    expect(components).toContain(
      "  'price-table': {\n    load: () => import('./price-table/PriceTableBlock').then((m) => ({ component: m.PriceTableBlock })),\n  },",
    )
    // Unchanged folders leave the files alone.
    expect(writeBlockRegistries(root)).toEqual([])
  })

  it('a folder whose component is missing or misnamed is a clear error', () => {
    const root = scratchFolder('blocks-')
    mkdirSync(join(root, 'src/blocks/gallery'), { recursive: true })
    writeFileSync(join(root, 'src/blocks/gallery/definition.ts'), 'export default {}\n')
    expect(() => blockFolders(root)).toThrow('src/blocks/gallery/ has a definition.ts but no GalleryBlock.tsx')
    writeFileSync(join(root, 'src/blocks/gallery/GalleryBlock.tsx'), 'export function Gallery() { return null }\n')
    expect(() => blockFolders(root)).toThrow('src/blocks/gallery/GalleryBlock.tsx must export GalleryBlock')
  })
})
