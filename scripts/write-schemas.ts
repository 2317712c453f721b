// npm run schemas: writes the JSON Schemas editors use (schemas/page.schema.json,
// schemas/site.schema.json) from the block registry and the site schema, for the site in the
// working folder (a page's form is one of its forms/registry.ts), and, where that site deploys
// the engine's functions (supabase/functions under it), the collect function's precompiled
// validator from its batch schema, for the site's forms.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadSiteForms } from '../server/site-forms.ts'
import { generatedSchemaFiles } from '../src/engine/schema-files'
import {
  BATCH_VALIDATOR_FILE,
  batchValidatorCode,
} from '../supabase/functions/_shared/measurement/batch-validator-code'

const root = process.cwd()
const { kinds } = await loadSiteForms(root)
for (const [file, text] of Object.entries(generatedSchemaFiles())) {
  mkdirSync(dirname(join(root, file)), { recursive: true })
  writeFileSync(join(root, file), text)
  console.log(`wrote ${file}`)
}
const batchValidator = fileURLToPath(BATCH_VALIDATOR_FILE)
if (batchValidator.startsWith(`${root}${sep}`)) {
  writeFileSync(BATCH_VALIDATOR_FILE, batchValidatorCode(kinds))
  console.log(`wrote ${batchValidator}`)
}
