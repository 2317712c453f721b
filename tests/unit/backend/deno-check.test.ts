// @vitest-environment node
// Type-checks the edge functions with the Deno from the npm registry (installed by
// scripts/ensure-deno.sh into .cache/deno), and reads each function's module graph as Deno draws
// it: an edge function imports only supabase/functions/, common/ and the site's forms/ (never
// src/, server/ or scripts/). Deno fetches the npm: packages of supabase/functions/deno.json from
// the npm registry on first use; with no registry reachable the test is skipped, saying why.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'
import { denoPath } from './deno-path.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const deno = denoPath
const NETWORK_FAILURE =
  /error sending request|dns error|failed to lookup|connection refused|timed out|network|ENOTFOUND|ECONNREFUSED/i
/** Every deployed function's entry: a folder of supabase/functions/ not starting with "_". */
const ENTRIES = readdirSync(`${root}supabase/functions`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => `supabase/functions/${entry.name}/index.ts`)

function runDeno(args: string[]) {
  const result = spawnSync(deno, args, {
    cwd: root,
    encoding: 'utf8',
    timeout: 240_000,
    env: { ...process.env, NO_COLOR: '1' },
  })
  const output = `${result.stdout}\n${result.stderr}`
  const offline = result.status !== 0 && NETWORK_FAILURE.test(output) && !/TS\d{4}/.test(output)
  return { result, output, offline }
}

it('deno check passes on every edge function', (context) => {
  // npm test installs Deno first; a missing Deno is a broken setup, not a reason to skip.
  expect(existsSync(deno), 'deno is missing: run scripts/ensure-deno.sh').toBe(true)
  const { result, output, offline } = runDeno(['check', '--config', 'supabase/functions/deno.json', ...ENTRIES])
  if (offline) {
    console.warn(`deno check skipped: npm packages could not be downloaded.\n${output}`)
    return context.skip('deno could not download npm packages (no registry access)')
  }
  expect(output).not.toMatch(/error/i)
  expect(result.status).toBe(0)
}, 300_000)

it('every edge function imports only supabase/functions/, common/ and forms/, as Deno resolves them', (context) => {
  expect(existsSync(deno), 'deno is missing: run scripts/ensure-deno.sh').toBe(true)
  const allowed = ['supabase/functions/', 'common/', 'forms/'].map((folder) => pathToFileURL(`${root}${folder}`).href)
  for (const entry of ENTRIES) {
    const { result, output, offline } = runDeno(['info', '--json', '--config', 'supabase/functions/deno.json', entry])
    if (offline) return context.skip('deno could not download npm packages (no registry access)')
    expect(result.status, output).toBe(0)
    const graph = JSON.parse(result.stdout) as { modules: { specifier: string }[] }
    const files = graph.modules.map((module) => module.specifier).filter((specifier) => specifier.startsWith('file:'))
    expect(files.length, entry).toBeGreaterThan(1)
    expect(
      files.filter((file) => !allowed.some((folder) => file.startsWith(folder))),
      `${entry} imports from outside its layers`,
    ).toEqual([])
  }
}, 300_000)
