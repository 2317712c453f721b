import { newPagesSchema } from '../content/new-pages-schema'
import { siteSchema } from '../content/site-schema'
import { buildPageSchema } from './page-schema'

/** The committed schema files and their expected content (a test checks they are fresh). */
export function generatedSchemaFiles(): Record<string, string> {
  const text = (schema: object) => `${JSON.stringify(schema, null, 2)}\n`
  return {
    'schemas/page.schema.json': text(buildPageSchema()),
    'schemas/site.schema.json': text({ $id: 'https://schemas.local/site.schema.json', ...siteSchema }),
    'schemas/new-pages.schema.json': text({ $id: 'https://schemas.local/new-pages.schema.json', ...newPagesSchema }),
  }
}
