// The run's folder for the editor test files' copies of the project (tests/e2e/editor-process.ts,
// `editorCopy`): one place per worker, the same for every file that worker runs, so that Vite's
// dependency cache, which Vite keys by the project's root among the rest, serves the next file.
// Removed, with what is left in it, at the end of the run.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'editor-copies-'))
  project.provide('editorCopies', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the editor test files make their copies of the project (tests/e2e/editor-process.ts). */
    editorCopies: string
  }
}
