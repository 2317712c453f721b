// Records, on every test, how many assertions it made (expect calls, counted by vitest as they
// run): the JSON reports then carry them (meta.assertions), and scripts/test-summary.ts adds them up
// so that a run with fewer checks than tests/test-counts.json says fails.
import { afterEach, expect } from 'vitest'

afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls
})
