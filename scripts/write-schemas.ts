// npm run schemas: writes the JSON Schemas editors use (schemas/page.schema.json,
// schemas/site.schema.json) from the block registry and the site schema, and the collect
// function's precompiled validator from its batch schema, for the site's forms.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { FORM_KINDS } from '../forms/kinds'
import { generatedSchemaFiles } from '../src/engine/schema-files'
import {
  BATCH_VALIDATOR_FILE,
  batchValidatorCode,
} from '../supabase/functions/_shared/measurement/batch-validator-code'

for (const [file, text] of Object.entries(generatedSchemaFiles())) {
  writeFileSync(file, text)
  console.log(`wrote ${file}`)
}
writeFileSync(BATCH_VALIDATOR_FILE, batchValidatorCode(FORM_KINDS))
console.log(`wrote ${fileURLToPath(BATCH_VALIDATOR_FILE)}`)
