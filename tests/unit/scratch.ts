// A throw-away folder for a unit test, inside the run's scratch folder (tests/unit/global-setup.ts),
// which is removed with everything in it when the run ends: a test need not remove what it made,
// and a test stopped half-way leaves nothing behind in the system's temp folder.
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'

export const scratchFolder = (prefix: string) => mkdtempSync(join(inject('unitScratch'), prefix))

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's scratch folder (tests/unit/scratch.ts). */
    unitScratch: string
  }
}
