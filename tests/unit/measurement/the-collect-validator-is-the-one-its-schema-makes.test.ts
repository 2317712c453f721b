// The collect function's validator is precompiled (batch-validator.gen.ts, `npm run schemas`) from
// the batch schema (common/measure/batch.ts) and the site's forms: the committed file is the one
// they make, so a form added to the registry (its events' `form`) or a changed limit reaches the
// function. Run `npm run schemas` when this fails.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FORM_KINDS } from '../../../forms/kinds.ts'
import {
  BATCH_VALIDATOR_FILE,
  batchValidatorCode,
} from '../../../supabase/functions/_shared/measurement/batch-validator-code.ts'

describe('the collect function’s validator', () => {
  it('is the code its batch schema makes for the site’s forms (run `npm run schemas` when this fails)', () => {
    const committed = readFileSync(BATCH_VALIDATOR_FILE, 'utf8')
    expect(committed, 'batch-validator.gen.ts is stale: run npm run schemas').toBe(batchValidatorCode(FORM_KINDS))
    for (const kind of FORM_KINDS) expect(committed).toContain(`"${kind}"`)
  })
})
