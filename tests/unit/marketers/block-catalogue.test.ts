// The development-only block catalogue (/_blocks): every block type rendered from the first
// example of its schema. Each example must be complete and valid, and a production build
// must not contain the page.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  blockCatalogueYaml,
  CATALOGUE_ADDRESS,
  CATALOGUE_FILE,
  loadSiteContent,
  siteContentStore,
} from '../../../src/engine/block-catalogue'
import { blockSchemas } from '../../../src/engine/blocks'
import { formatProblems } from '../../../src/engine/problems'

describe('block schemas', () => {
  it.each(Object.entries(blockSchemas))('%s has a title, a description and an example', (_type, schema) => {
    expect(schema.title).toBeTruthy()
    expect(schema.description.length).toBeGreaterThan(20)
    expect(schema.examples.length).toBeGreaterThan(0)
  })
})

describe('the block catalogue', () => {
  const { content, catalogueProblems } = loadSiteContent(siteContentStore(process.cwd(), true), true)
  const page = content.pages.find((p) => p.path === CATALOGUE_ADDRESS)

  it("is built from every schema's first example, all of which validate", () => {
    expect(catalogueProblems, formatProblems(catalogueProblems)).toEqual([])
    expect(page).toBeDefined()
    const types = page!.blocks.map((b) => b.type).filter((_, i) => i % 2 === 1)
    expect(types).toEqual(Object.keys(blockSchemas))
    const source = parse(blockCatalogueYaml()) as { blocks: object[] }
    const { replace } = parse(readFileSync('templates/blocks-catalogue.yaml', 'utf8')) as {
      replace: Record<string, object>
    }
    for (const [i, [type, schema]] of Object.entries(blockSchemas).entries()) {
      expect(source.blocks[2 * i + 1]).toEqual({ type, ...schema.examples[0], ...replace[type] })
    }
  })

  it("is served in development at /_blocks, out of the search index and the site's problems", () => {
    expect(page!.meta.noindex).toBe(true)
    expect(content.manifest.folders).toContain('')
    expect(content.pages.some((p) => p.path === '/blocks-catalogue')).toBe(false)
    expect(content.problems.filter((p) => p.file === CATALOGUE_FILE)).toEqual([])
  })

  it('is absent from production content', () => {
    const production = loadSiteContent(siteContentStore(process.cwd(), false), false).content
    expect(
      production.pages.some(
        (p) => p.path === CATALOGUE_ADDRESS || p.path === '/blocks-catalogue' || p.meta.title === page!.meta.title,
      ),
    ).toBe(false)
    expect(production.pages.length).toBe(content.pages.length - 1)
  })
})
