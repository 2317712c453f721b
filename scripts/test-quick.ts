/**
 * `npm run test:quick [-- --base REV] [--budget SECONDS]`: the fast lane for a change, before the full `npm test`.
 * What changed is what git says differs from REV (default HEAD: the uncommitted change, new
 * files included). It runs:
 *   - lint and format (biome) of the changed files; the type check (tsc is fast on the whole project);
 *   - the unit tests related to the change (vitest's module graph: `--changed`);
 *   - the browser test files that cover the changed folders: a changed test file itself, every file
 *     using a changed e2e helper, and every file that names the changed folder (a block's folder
 *     name as its type or class, `src/blocks/faq` → 'faq', `.faq__item`), the page editor's files
 *     for src/editor/ and the form files for forms/ and src/forms/; after a build when the site
 *     changed and dist/ is older than the change.
 * It prints what it ran and what it left to the full run.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { expectedSeconds, readTimings } from './test-reports.ts'

const { values } = parseArgs({
  options: { base: { type: 'string', default: 'HEAD' }, budget: { type: 'string', default: '30' } },
})
const base = values.base!
/** Seconds of browser tests the fast lane may plan, per worker (two run at once). */
const budget = Number(values.budget)
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
/** Whether a test's source names `word` as a block's type, class or string (`'faq'`, `.faq__item`, `type: faq`). */
const namesIn = (source: string, word: string) =>
  new RegExp(`['"\`.]${literal(word)}(?:['"\`]|__|\\b(?!-))|block--${literal(word)}\\b|type: ${literal(word)}\\b`).test(
    source,
  )
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean)
const changed = [
  ...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((f) => existsSync(f))

const started = performance.now()
const ran: string[] = []
const left: string[] = []
let failed = false
const step = (what: string, command: string, args: string[]) => {
  console.log(`\n== ${what}\n$ ${command} ${args.join(' ')}`)
  const t = performance.now()
  const ok = spawnSync(command, args, { stdio: 'inherit' }).status === 0
  ran.push(`${what}: ${ok ? 'passed' : 'FAILED'} (${((performance.now() - t) / 1000).toFixed(0)} s)`)
  failed ||= !ok
  return ok
}

if (!changed.length) {
  console.log(`Nothing changed since ${base}: nothing to run (npm test runs everything).`)
  process.exit(0)
}
console.log(`Changed since ${base}: ${changed.join(', ')}`)

// Lint and types.
step('lint and format of the changed files', 'npx', [
  'biome',
  'check',
  '--files-ignore-unknown=true',
  '--no-errors-on-unmatched',
  ...changed,
])
step('types (the whole project)', 'npx', ['tsc', '-p', '.'])
if (changed.some((f) => f.startsWith('bench/'))) step('types of bench/', 'npx', ['tsc', '-p', 'bench'])
left.push('knip (unused code, whole project)', 'biome of the unchanged files')

// Unit tests related to the change: those importing what changed (vitest's module graph), and
// for a block those naming it (the registry loads blocks by folder, which the graph does not see).
const unitFiles = readdirSync('tests/unit', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `tests/unit/${f}`)
step('unit tests importing what changed', 'npx', [
  'vitest',
  'run',
  '--project',
  'unit',
  '--changed',
  base,
  '--passWithNoTests',
])
const changedBlocks = [...new Set(changed.filter((f) => /^src\/blocks\/[^/]+\/./.test(f)).map((f) => f.split('/')[2]))]
const unitNaming = unitFiles.filter((f) => {
  const source = readFileSync(f, 'utf8')
  return changedBlocks.some((block) => namesIn(source, block))
})
if (unitNaming.length)
  step(`unit tests naming the changed block (${changedBlocks.join(', ')})`, 'npx', [
    'vitest',
    'run',
    '--project',
    'unit',
    ...unitNaming,
  ])
left.push(`the other unit tests (of ${unitFiles.length} files, those not importing or naming what changed)`)

// Browser tests covering the changed folders.
const e2eFiles = readdirSync('tests/e2e')
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `tests/e2e/${f}`)
const text = new Map(e2eFiles.map((f) => [f, readFileSync(f, 'utf8')]))
const names = (file: string, word: string) => namesIn(text.get(file)!, word)
const imports = (file: string, helper: string) =>
  new RegExp(`from '\\./${literal(helper.replace(/\.tsx?$/, ''))}(\\.tsx?)?'`).test(text.get(file)!)
const why = new Map<string, string>()
const pick = (file: string, reason: string) => {
  if (!why.has(file)) why.set(file, reason)
}
for (const f of changed) {
  if (f.startsWith('tests/e2e/') && f.endsWith('.test.ts')) pick(f, 'changed')
  else if (f.startsWith('tests/e2e/')) {
    for (const e of e2eFiles) if (imports(e, basename(f))) pick(e, `uses ${basename(f)}`)
  } else if (f.startsWith('src/blocks/') && f.split('/').length > 3) {
    const block = f.split('/')[2]
    for (const e of e2eFiles) if (names(e, block)) pick(e, `names the ${block} block`)
  } else if (f.startsWith('src/editor/') || f === 'src/vite/page-editor.ts' || f === 'scripts/edit.ts') {
    for (const e of e2eFiles) if (imports(e, 'editor-process.ts')) pick(e, 'starts the page editor')
  } else if (f.startsWith('forms/') || f.startsWith('src/forms/')) {
    for (const e of e2eFiles) if (imports(e, 'form-helpers.ts')) pick(e, 'fills the forms')
  } else if (!f.startsWith('tests/') && !f.startsWith('bench/') && !f.endsWith('.md')) {
    const word = basename(f).replace(/\.[^.]+$/, '')
    const folder = basename(dirname(f))
    for (const e of e2eFiles)
      if (names(e, word) || (folder !== '.' && folder !== 'src' && names(e, folder))) pick(e, `names ${word}`)
  }
}
// The fast lane runs the covering files that fit its budget, the quickest first (by their time in
// the last full run, bench/test-timings.json): a changed test file always, the others while the
// seconds they add up to (over two workers) stay within --budget. The rest is left to npm test,
// by name.
const timings = readTimings(process.cwd())
const seconds = (f: string) => expectedSeconds(timings, 'e2e', f)
const covering = [...why.keys()].sort((a, b) => seconds(a) - seconds(b))
const picked: string[] = []
let planned = 0
for (const f of covering) {
  if (why.get(f) !== 'changed' && planned + seconds(f) > 2 * budget) continue
  picked.push(f)
  planned += seconds(f)
}
const over = covering.filter((f) => !picked.includes(f))
if (picked.length) {
  console.log(`\nBrowser test files covering the change:\n${picked.map((f) => `  ${f} (${why.get(f)})`).join('\n')}`)
  // The browser tests read dist/: built again when the site changed after it.
  const site = changed.filter((f) => /^(src|forms|pages|public|templates|server|scripts)\/|^site\.yaml$/.test(f))
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
  const editorOnly = picked.every((f) => imports(f, 'editor-process.ts'))
  if (!editorOnly && site.some((f) => statSync(f).mtimeMs > built))
    step('build (dist/ is older than the change)', 'npm', ['run', 'build'])
  step(`browser tests covering the change (${picked.length} of ${e2eFiles.length} files)`, 'npx', [
    'vitest',
    'run',
    '--project',
    'e2e',
    ...picked,
  ])
} else console.log('\nNo browser test file names the changed folders.')
if (over.length)
  left.push(
    `${over.length} more browser test files covering the change, over the budget of ${budget} s per worker (--budget): ${over.map((f) => `${basename(f)} (~${seconds(f).toFixed(0)} s)`).join(', ')}`,
  )
left.push(`the other ${e2eFiles.length - covering.length} browser test files, in Chromium, Firefox and WebKit`)

console.log(`\n== test:quick ran (${((performance.now() - started) / 1000).toFixed(0)} s):`)
for (const r of ran) console.log(`  ${r}`)
console.log('Left to the full run (npm test):')
for (const l of left) console.log(`  ${l}`)
process.exitCode = failed ? 1 : 0
