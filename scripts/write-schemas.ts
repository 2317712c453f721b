// npm run schemas: writes the JSON Schemas editors use (schemas/page.schema.json,
// schemas/site.schema.json) from the block registry and the site schema.
import { writeFileSync } from 'node:fs'
import { generatedSchemaFiles } from '../src/engine/schema-files'

for (const [file, text] of Object.entries(generatedSchemaFiles())) {
  writeFileSync(file, text)
  console.log(`wrote ${file}`)
}
