// The one PostgreSQL test helper: a throwaway cluster (server binaries from
// /usr/lib/postgresql/<15+>/bin) with the repository's migrations applied, optionally with
// pg_cron loaded and stand-ins for what Supabase has and Debian does not (pg_net, Vault), and
// the real Deno edge functions served against it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe } from 'vitest'
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

/** Why a cluster with pg_cron cannot run here, or null (npm test installs it: scripts/ensure-pg-cron.sh). */
export const cronSkipReason =
  clusterSkipReason ??
  (existsSync(join(pgConfig('--pkglibdir'), 'pg_cron.so'))
    ? null
    : `pg_cron is not installed for PostgreSQL ${basename(dirname(pgBin!))} (scripts/ensure-pg-cron.sh)`)

/**
 * A database set up as Supabase sets up a project's, so that what the API roles may reach here is
 * what they may reach there. It mirrors Supabase's Postgres image 15.8.1.004 (supabase/postgres,
 * ansible/vars.yml), whose init script migrations/db/init-scripts/00000000000000-initial-schema.sql
 * creates the API roles and gives them, by default privileges of the role that runs the
 * migrations (postgres), every privilege on each table, function and sequence made in public; its
 * migrations 20230201083204 and 20230529180330 let postgres and the roles inherit. auth.uid(),
 * auth.role(), auth.email() and auth.jwt() are Supabase Auth's (supabase/auth, migrations
 * 20220224000811_update_auth_functions and 20220531120530_add_auth_jwt_function): they read the
 * claims PostgREST sets for each request (request.jwt.claims). Documented in Supabase's guides
 * "Database > Postgres Roles" (/docs/guides/database/postgres/roles) and "API > Securing your
 * API" (/docs/guides/api/securing-your-api). Since Supabase's changelog 45329 (April 2026), new
 * tables of new projects are not granted so by default, but a project's existing tables keep their
 * grants: the migrations must hold under the wider ones. Unlike the platform's, postgres is a
 * superuser here (pg_cron and the stand-ins need one); there it is not, but it has BYPASSRLS and
 * owns what the migrations create, so what the API roles may reach is the same. With the part of
 * the storage schema that the migrations touch.
 */
export const SUPABASE_PROJECT = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  create role service_role nologin noinherit bypassrls;
  create role authenticator login noinherit;
  grant anon, authenticated, service_role to authenticator;
  grant usage on schema public to postgres, anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
  create schema extensions;
  grant usage on schema extensions to postgres, anon, authenticated, service_role;
  alter role anon set statement_timeout = '3s';
  alter role authenticated set statement_timeout = '8s';
  grant anon, authenticated, service_role to postgres;
  alter role anon inherit;
  alter role authenticated inherit;
  alter role service_role inherit;

  create schema auth;
  grant usage on schema auth to anon, authenticated, service_role;
  create function auth.uid() returns uuid language sql stable as $$
    select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
  $$;
  create function auth.role() returns text language sql stable as $$
    select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
  $$;
  create function auth.email() returns text language sql stable as $$
    select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text
  $$;
  create function auth.jwt() returns jsonb language sql stable as $$
    select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), ''))::jsonb
  $$;

  create schema storage;
  create table storage.buckets (id text primary key, name text, public boolean,
    file_size_limit bigint, allowed_mime_types text[]);`

/**
 * Supabase Vault (the supabase_vault extension, not packaged here) as the migrations and the
 * README's setup use it: vault.secrets, the vault.decrypted_secrets view and
 * vault.create_secret with the extension's signature. The secret is kept as written (the real
 * one encrypts it with pgsodium and decrypts it in the view); what reads it sees the same.
 */
export const VAULT_STAND_IN = `
  create schema vault;
  create table vault.secrets (
    id uuid primary key default gen_random_uuid(),
    name text,
    description text not null default '',
    secret text not null,
    key_id uuid,
    nonce bytea,
    created_at timestamptz not null default current_timestamp,
    updated_at timestamptz not null default current_timestamp
  );
  create unique index on vault.secrets using btree (name) where name is not null;
  create view vault.decrypted_secrets as
    select s.id, s.name, s.description, s.secret, s.secret as decrypted_secret, s.key_id, s.nonce,
      s.created_at, s.updated_at
    from vault.secrets s;
  create function vault.create_secret(new_secret text, new_name text = null, new_description text = '',
    new_key_id uuid = null) returns uuid language plpgsql set search_path = '' as $$
  declare
    id uuid;
  begin
    insert into vault.secrets (secret, name, description) values (new_secret, new_name, new_description)
      returning secrets.id into id;
    return id;
  end
  $$;`

/**
 * pg_net as an extension (the migrations create it only where it is available): the schema
 * net, net.http_post with pg_net's signature, defaults and Content-Type rule, and its queue
 * table net.http_request_queue with the columns pg_net writes. Nothing is sent: the queued row
 * is the record of the call, and its id is what net.http_post returns, as in pg_net.
 */
const PG_NET_STAND_IN = `
create schema net;
create table net.http_request_queue (
  id bigserial primary key,
  method text not null,
  url text not null,
  headers jsonb not null,
  body bytea,
  timeout_milliseconds integer not null
);
create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint volatile parallel safe language plpgsql as $$
declare
  request_id bigint;
  query text;
  content_type text;
begin
  select value into content_type from jsonb_each_text(coalesce(headers, '{}'::jsonb))
    where lower(key) = 'content-type' limit 1;
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  select string_agg(format('%s=%s', key, value), '&') into query from jsonb_each_text(coalesce(params, '{}'::jsonb));
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
    values ('POST', url || coalesce('?' || query, ''), headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
    returning id into request_id;
  return request_id;
end
$$;
`

export interface Cluster {
  url: string
  psql(sql: string): string
  stop(): void
}

export interface ClusterOptions {
  /** SQL run before the migrations (roles, schemas and stand-ins they look for). */
  setupSql?: string
  /**
   * pg_cron loaded (shared_preload_libraries) in the postgres database, and the pg_net
   * stand-in available as an extension: the migrations then schedule their jobs.
   */
  cron?: boolean
  /** The folder of migrations to apply, in name order (by default supabase/migrations). */
  migrationsDir?: string
}

export async function startCluster({
  setupSql = '',
  cron = false,
  migrationsDir = join(ROOT, 'supabase/migrations'),
}: ClusterOptions = {}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'))
  chmodSync(dir, 0o777)
  const port = await freePort()
  const data = join(dir, 'data')
  run(pg('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust'])
  const settings = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off']
  if (cron)
    settings.push(
      '-c shared_preload_libraries=pg_cron',
      '-c cron.database_name=postgres',
      // The jobs connect over the cluster's socket, where trust authentication applies.
      `-c cron.host=${dir}`,
    )
  run(pg('pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    ...(cron ? ['-p', installWithPgNet(dir)] : []),
    'start',
    '-o',
    settings.join(' '),
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
  if (setupSql) psql(setupSql)
  for (const file of readdirSync(migrationsDir).sort()) psql(null, join(migrationsDir, file))
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    psql: (sql) => psql(sql),
    stop() {
      try {
        run(pg('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/**
 * A private copy of the server's installation whose extension folder also holds the pg_net
 * stand-in; returns its postgres binary. PostgreSQL 15 reads extensions from one folder only,
 * found relative to the running binary (which it resolves through symbolic links), so the
 * binary is copied and everything else linked.
 */
function installWithPgNet(dir: string): string {
  const [binDir, shareDir, libDir] = ['--bindir', '--sharedir', '--pkglibdir'].map(pgConfig)
  // The server finds its share and lib folders by the path from its binary's folder to theirs.
  const prefix = commonFolder([binDir, shareDir, libDir])
  const root = join(dir, 'install')
  const at = (path: string) => join(root, relative(prefix, path))
  const extensions = join(at(shareDir), 'extension')
  mkdirSync(at(binDir), { recursive: true })
  mkdirSync(extensions, { recursive: true })
  mkdirSync(dirname(at(libDir)), { recursive: true })
  copyFileSync(join(binDir, 'postgres'), join(at(binDir), 'postgres'))
  chmodSync(join(at(binDir), 'postgres'), 0o755)
  symlinkSync(libDir, at(libDir))
  for (const entry of readdirSync(shareDir))
    if (entry !== 'extension') symlinkSync(join(shareDir, entry), join(at(shareDir), entry))
  for (const entry of readdirSync(join(shareDir, 'extension')))
    symlinkSync(join(shareDir, 'extension', entry), join(extensions, entry))
  writeFileSync(
    join(extensions, 'pg_net.control'),
    "comment = 'Stand-in for pg_net in tests: records requests'\ndefault_version = '0.0'\nrelocatable = false\n",
  )
  writeFileSync(join(extensions, 'pg_net--0.0.sql'), PG_NET_STAND_IN)
  return join(at(binDir), 'postgres')
}

function commonFolder(paths: string[]): string {
  const parts = paths.map((path) => path.split(sep))
  const common: string[] = []
  for (let i = 0; parts.every((p) => i < p.length && p[i] === parts[0][i]); i++) common.push(parts[0][i])
  return common.join(sep) || sep
}

/**
 * On Supabase, pg_cron goes into pg_catalog whoever creates it and however
 * (supautils.extensions_parameter_overrides in the image's supautils.conf), so the migrations'
 * `create extension if not exists pg_cron` finds it there.
 */
const PG_CRON_WHERE_SUPABASE_PUTS_IT = 'create extension pg_cron with schema pg_catalog;'

/**
 * A cluster as Supabase runs one: a project's roles and privileges, storage schema and Vault,
 * pg_cron loaded and pg_net there, so that the migrations schedule their jobs.
 */
export const startHostedCluster = () =>
  startCluster({ setupSql: SUPABASE_PROJECT + VAULT_STAND_IN + PG_CRON_WHERE_SUPABASE_PUTS_IT, cron: true })

/** The describe() of tests that need pg_cron: skipped, saying why, where it cannot run. */
export function describeWithCron(name: string, tests: () => void): void {
  if (cronSkipReason) console.warn(`${name}: skipped, ${cronSkipReason}`)
  describe.skipIf(cronSkipReason !== null)(name, tests)
}

export interface ServedFunction {
  url: string
  process: ChildProcess
  /** What it wrote to stderr so far (its error log). */
  log(): string
}

/** Serves supabase/functions/<name>/index.ts with Deno; resolves once it listens. */
export async function serveFunction(name: string, env: Record<string, string>): Promise<ServedFunction> {
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
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
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
  return { url: `http://127.0.0.1:${port}`, process: child, log: () => errors }
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

function pgConfig(option: string): string {
  return spawnSync(pg('pg_config'), [option], { encoding: 'utf8' }).stdout.trim()
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
