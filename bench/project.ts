/**
 * A throw-away copy of the project for the benchmarks, so they never touch the working tree's
 * dist/, pages/ or .data/ (the tests or a developer may be using them at the same time).
 *
 * node_modules is a real folder of symlinks to the project's packages: Vite then keeps its
 * dependency cache (node_modules/.vite) inside the copy instead of sharing the project's.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { setPriority, tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BuildReport, summaryLaps } from '../src/build/report.ts'

export const ROOT = fileURLToPath(new URL('../', import.meta.url)).replace(/\/$/, '')

/** Top-level entries that are outputs, caches, data or tooling, not the project. */
const SKIP_TOP = new Set(['node_modules', 'dist', 'dist-ssr', '.data', '.cache', '.git', '.ci', 'test-results'])
/** Entries of node_modules that belong to one checkout (Vite's caches). */
const SKIP_MODULES = new Set(['.vite', '.vite-temp'])

export type ProjectCopy = { dir: string; remove(): void }

/**
 * The build's caches in .cache/ (src/build/cache.ts, src/engine/content-cache.ts): compressed
 * copies, content entries, rendered pages, each page's part of the stylesheet, image variants,
 * sharing images and the forms' validators, each entry keyed by what it was made from, so that a
 * copy of the same sources may start from them.
 */
const BUILD_CACHES = ['compress', 'content', 'html', 'styles', 'images', 'og', 'form-validators']

/** Copies the build caches of `from` (the project by default) into the copy at `dir`, those it has. */
export function copyBuildCaches(dir: string, from = ROOT) {
  for (const name of BUILD_CACHES)
    if (existsSync(join(from, '.cache', name)))
      cpSync(join(from, '.cache', name), join(dir, '.cache', name), { recursive: true })
}

/**
 * A copy of `from` (the project, or an earlier copy: the same sources whatever changes since).
 * With `buildCache`, the copy starts with the project's build caches, as a developer's checkout
 * has them after a build: a test whose point is not a cold build then does not pay for one.
 * With `dir`, the copy is made there (a folder that does not exist yet) instead of a new one in
 * the system's temporary folder.
 */
export function copyProject(
  label: string,
  from = ROOT,
  options: { buildCache?: boolean; dir?: string } = {},
): ProjectCopy {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), `bench-${label}-`))
  if (options.dir) mkdirSync(dir)
  for (const name of readdirSync(from)) {
    if (SKIP_TOP.has(name)) continue
    cpSync(join(from, name), join(dir, name), {
      recursive: true,
      filter: (src) => {
        const rel = relative(from, src).split(sep).join('/')
        return rel !== 'bench/tmp' && !rel.startsWith('bench/tmp/')
      },
    })
  }
  if (options.buildCache) copyBuildCaches(dir, from)
  mkdirSync(join(dir, 'node_modules'))
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!SKIP_MODULES.has(name)) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name))
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export const TSX = join(ROOT, 'node_modules/.bin/tsx')

export type BuildResult = {
  pages: number
  /** What the build reports: Vite builds + prerender, without process start-up. */
  buildMs: number
  /** Wall time of the whole `tsx scripts/build.ts` process. */
  wallMs: number
  msPerPage: number
  /** The build's own breakdown, as its summary line says it ("client 5000 ms, server 900 ms, …"). */
  laps?: string
  /** What the build's caches spared, as its report says (pages rendered of written, images drawn, …). */
  cache: BuildReport['cache']
}

/** Options of a child process: added to its environment, and its scheduling priority (os.setPriority's, 19 the lowest). */
export type ChildOptions = { env?: NodeJS.ProcessEnv; priority?: number }

/** `tsx scripts/build.ts` in `dir`, its report read from the file it writes; throws with its output when it fails. */
export async function buildIn(dir: string, options: ChildOptions = {}): Promise<BuildResult> {
  const reportDir = mkdtempSync(join(tmpdir(), 'build-report-'))
  const reportFile = join(reportDir, 'report.json')
  try {
    const started = performance.now()
    const { code, output } = await run(TSX, ['scripts/build.ts', '--report', reportFile], dir, options)
    const wallMs = Math.round(performance.now() - started)
    if (code !== 0 || !existsSync(reportFile))
      throw new Error(`build in ${dir} failed (exit ${code}):\n${output.slice(-4000)}`)
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as BuildReport
    const pages = report.pages.length
    const laps = summaryLaps(report).join(', ')
    return { pages, buildMs: report.ms, wallMs, msPerPage: round(report.ms / pages, 1), laps, cache: report.cache }
  } finally {
    rmSync(reportDir, { recursive: true, force: true })
  }
}

export function run(
  command: string,
  args: string[],
  cwd: string,
  options: ChildOptions = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // The child's own priority, which the processes it starts inherit; this process keeps its own.
    if (options.priority !== undefined && child.pid) setPriority(child.pid, options.priority)
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, output }))
  })
}

export type RunningProcess = { child: ChildProcess; url: string; output: () => string; stop(): Promise<void> }

/**
 * Spawns a long-running process and resolves once a line of its output matches `ready`
 * (whose first group, if any, is the URL). Stops it by its own pid.
 */
export function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; ready: RegExp; url: string; timeoutMs?: number },
): Promise<RunningProcess> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((done) => child.once('exit', done))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(
        new Error(
          `${command} ${args.join(' ')} did not start within ${(options.timeoutMs ?? 60_000) / 1000} s:\n${output}`,
        ),
      )
    }, options.timeoutMs ?? 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
      if (options.ready.test(output.replace(/\x1b\[[0-9;]*m/g, ''))) {
        clearTimeout(timer)
        resolve({ child, url: options.url, output: () => output, stop })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${command} exited early (${code}):\n${output}`))
    })
  })
}

/** `tsx scripts/serve.ts` (what `npm run serve` runs) on dir's dist/, with a throw-away backend. */
export function serveDist(dir: string, port: number): Promise<RunningProcess> {
  return startProcess(TSX, ['scripts/serve.ts'], {
    cwd: dir,
    env: { PORT: String(port), BACKEND_DATA_DIR: join(dir, '.data/pglite') },
    ready: /Site and local backend on/,
    url: `http://127.0.0.1:${port}`,
  })
}

/** Every prerendered page of a build: dist/index.html and dist/**\/<name>.html as an address (404.html is not one). */
export function routesOf(distDir: string): string[] {
  const routes: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.html') && entry.name !== '404.html') {
        const rel = relative(distDir, full).split(sep).join('/')
        routes.push(rel === 'index.html' ? '/' : `/${rel.slice(0, -'.html'.length)}`)
      }
    }
  }
  walk(distDir)
  return routes.sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)))
}

export const round = (value: number, digits = 0) => Number(value.toFixed(digits))

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
