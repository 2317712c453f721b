// A throwaway PostgreSQL cluster (server binaries from /usr/lib/postgresql/<15+>/bin) with the
// repository's migrations applied, and the real Deno edge functions served against it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { denoPath } from './deno-path.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const pgBin = findPgBin()
const asPostgresUser = process.getuid?.() === 0

/** Why these tests cannot run here, or null. */
export const clusterSkipReason = !pgBin
  ? 'no PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin)'
  : !existsSync(denoPath)
    ? 'deno is not installed (scripts/ensure-deno.sh)'
    : asPostgresUser && spawnSync('id', ['postgres']).status !== 0
      ? 'running as root without a postgres user to run the cluster'
      : null

export interface Cluster {
  url: string
  psql(sql: string): string
  stop(): void
}

export async function startCluster(setupSql: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'))
  chmodSync(dir, 0o777)
  const port = await freePort()
  run(pg('initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust'])
  run(pg('pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-w',
    '-l',
    join(dir, 'log'),
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
  ])
  const psql = (sql: string | null, file?: string) => {
    const args = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-X', '-q', '-t', '-A']
    const result = spawnSync(pg('psql'), [...args, '-v', 'ON_ERROR_STOP=1', ...(file ? ['-f', file] : ['-c', sql!])], {
      encoding: 'utf8',
      timeout: 60_000,
    })
    if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`)
    return result.stdout.trim()
  }
  psql(setupSql)
  for (const file of readdirSync(join(ROOT, 'supabase/migrations')).sort()) {
    psql(null, join(ROOT, 'supabase/migrations', file))
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    psql: (sql) => psql(sql),
    stop() {
      try {
        run(pg('pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** Serves supabase/functions/<name>/index.ts with Deno; resolves once it listens. */
export async function serveFunction(
  name: string,
  env: Record<string, string>,
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort()
  const child = spawn(
    denoPath,
    ['run', '-A', '--config', 'supabase/functions/deno.json', `supabase/functions/${name}/index.ts`],
    {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  await new Promise<void>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${output}`)), 120_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (/Listening on/.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${output}`)))
  })
  return { url: `http://127.0.0.1:${port}`, process: child }
}

function findPgBin(): string | null {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const versions = readdirSync(base)
    .filter((version) => Number(version) >= 15 && existsSync(join(base, version, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(base, versions[0], 'bin') : null
}

function pg(tool: string): string {
  return join(pgBin!, tool)
}

/** PostgreSQL refuses to run as root, so the cluster runs as the postgres user then. */
function run(command: string, args: string[]): string {
  const [file, argv] = asPostgresUser ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
  const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000 })
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stdout}${result.stderr}`)
  return result.stdout
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
