// @vitest-environment node
// What the public anon key reaches in the database: nothing. On a PostgreSQL set up as Supabase sets
// up a project (its API roles and their default privileges on public, postgres-cluster.ts), after
// every migration, the catalogue is walked: no table, view, sequence or function of public may be
// used by anon or authenticated, every function runs with an empty search_path, none is SECURITY
// DEFINER, every table has row level security. Then, as PostgREST would for a request with the
// key, every select, insert, update and delete on every table and a call of every function is
// tried as those roles, and each is refused. The catalogue is read afresh, so a later migration is
// held to the same: the last test adds one that forgets its revokes, and the failure names them.
// service_role, the secret key's role, may do anything: said here, and in the README.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Cluster,
  clusterSkipReason,
  describeWithCron,
  SUPABASE_PROJECT,
  startCluster,
  startHostedCluster,
} from './postgres-cluster.ts'

const API_ROLES = ['anon', 'authenticated'] as const

/**
 * Every way the API roles can reach an object of public, each as a line naming the object and the
 * statement that takes it away; and every function or table that breaks the rules of the migrations.
 */
const FINDINGS = `
with api(role) as (values ('anon'), ('authenticated')),
relations as (
  select c.oid, c.relkind, c.relrowsecurity, format('%I.%I', n.nspname, c.relname) as name,
    case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
      when 'f' then 'foreign table' else 'table' end as kind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
),
functions as (
  select p.oid, p.prosecdef, p.proconfig, format('%I.%I(%s)', n.nspname, p.proname,
    pg_get_function_identity_arguments(p.oid)) as name,
    exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') as of_extension
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public'
),
privileges as (
  select r.kind, r.name, api.role, array_remove(array[
      case when r.relkind = 'S' then null when has_table_privilege(api.role, r.oid, 'SELECT') then 'SELECT' end,
      case when r.relkind = 'S' then null when has_table_privilege(api.role, r.oid, 'INSERT') then 'INSERT' end,
      case when r.relkind = 'S' then null when has_table_privilege(api.role, r.oid, 'UPDATE') then 'UPDATE' end,
      case when r.relkind = 'S' then null when has_table_privilege(api.role, r.oid, 'DELETE') then 'DELETE' end,
      case when r.relkind = 'S' then null when has_table_privilege(api.role, r.oid, 'TRUNCATE') then 'TRUNCATE' end,
      case when r.relkind = 'S' then null when has_table_privilege(api.role, r.oid, 'REFERENCES') then 'REFERENCES' end,
      case when r.relkind = 'S' then null when has_table_privilege(api.role, r.oid, 'TRIGGER') then 'TRIGGER' end,
      case when r.relkind <> 'S' and not has_table_privilege(api.role, r.oid, 'SELECT, INSERT, UPDATE, REFERENCES')
        and has_any_column_privilege(api.role, r.oid, 'SELECT, INSERT, UPDATE, REFERENCES') then 'columns' end,
      case when r.relkind = 'S' and has_sequence_privilege(api.role, r.oid, 'USAGE') then 'USAGE' end,
      case when r.relkind = 'S' and has_sequence_privilege(api.role, r.oid, 'SELECT') then 'SELECT' end,
      case when r.relkind = 'S' and has_sequence_privilege(api.role, r.oid, 'UPDATE') then 'UPDATE' end
    ], null) as granted,
    format('revoke all on %s %s from anon, authenticated',
      case r.relkind when 'S' then 'sequence' else 'table' end, r.name) as revoke
  from relations r cross join api
  union all
  select 'function', f.name, api.role, array['EXECUTE'],
    format('revoke all on function %s from public, anon, authenticated', f.name)
  from functions f cross join api where has_function_privilege(api.role, f.oid, 'EXECUTE')
)
select line from (
  select 1, name, format('%s %s: %s may %s; %s', kind, name, role, array_to_string(granted, ', '), revoke)
  from privileges where cardinality(granted) > 0
  union all
  select 2, name, format('function %s runs with its caller''s search_path; give it set search_path = '''' '
    || 'and schema-qualified names', name)
  from functions where not of_extension and not coalesce('search_path=""' = any(proconfig), false)
  union all
  select 3, name, format('function %s is SECURITY DEFINER: make it security invoker, or say here why it '
    || 'must run with its owner''s rights', name)
  from functions where prosecdef
  union all
  select 4, name, format('table %s has row level security off; alter table %s enable row level security', name, name)
  from relations where relkind in ('r', 'p') and not relrowsecurity
  union all
  select 5, extname, format('extension %s is installed in public; create it with schema extensions', extname)
  from pg_extension where extnamespace = 'public'::regnamespace and extname <> 'plpgsql'
) findings(kind, name, line) order by kind, name, line`

const findings = (cluster: Cluster) => cluster.psql(FINDINGS).split('\n').filter(Boolean)

/** What an attacker holding the anon key would try through /rest/v1/: each statement as one request. */
const ATTEMPTS = `
select format('select * from %s limit 1', r.name)
from (select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')) r
union all
select unnest(array[
  format('insert into %s default values', t.name),
  format('update %s set %I = %I', t.name, t.col, t.col),
  format('delete from %s', t.name)])
from (select format('%I.%I', n.nspname, c.relname) as name,
    (select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = '' order by a.attnum limit 1) as col
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p')) t
union all
select format('%s %I.%I(%s)', case p.prokind when 'p' then 'call' else 'select' end, n.nspname, p.proname,
  (select string_agg(format('null::%s', format_type(a.type, null)), ', ' order by a.position)
   from unnest(p.proargtypes) with ordinality a(type, position)))
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = 'public' and p.prokind in ('f', 'p')`

/** Runs a statement as PostgREST runs a request: in a transaction, as the key's role, with its claims. */
function asApiRole(cluster: Cluster, role: string, statement: string): string {
  const claims = JSON.stringify({ role, ...(role === 'authenticated' ? { sub: crypto.randomUUID() } : {}) })
  return cluster.psql(`begin; set local role ${role}; select set_config('request.jwt.claims', '${claims}', true);
    ${statement}; commit;`)
}

let cluster: Cluster | undefined

describeWithCron('what the API roles reach in public, on a database set up as Supabase sets one up', () => {
  beforeAll(async () => {
    cluster = await startHostedCluster()
  }, 180_000)
  afterAll(() => cluster?.stop(), 60_000)

  it('after every migration: no privilege of anon or authenticated on anything in public, and every function and table by the rules', () => {
    // Walked, not listed: it sees the tables and functions the migrations made.
    const [tables, functions] = cluster!
      .psql(`select (select count(*) from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'),
        (select count(*) from pg_proc where pronamespace = 'public'::regnamespace)`)
      .split('|')
      .map(Number)
    expect(tables).toBeGreaterThanOrEqual(8)
    expect(functions).toBeGreaterThanOrEqual(2)
    expect(findings(cluster!)).toEqual([])
  })

  it.each(API_ROLES)('%s is refused every select, insert, update and delete on every table, and every call', (role) => {
    // The session is the key's: its role, and the claims auth.role() reads.
    expect(asApiRole(cluster!, role, 'select current_user, auth.role()').split('\n').at(-1)).toBe(`${role}|${role}`)
    const attempts = cluster!.psql(ATTEMPTS).split('\n')
    expect(attempts.length).toBeGreaterThanOrEqual(8 * 4 + 2)
    const allowed = attempts.flatMap((statement) => {
      try {
        return [`${statement}: allowed (${asApiRole(cluster!, role, statement) || 'no rows'})`]
      } catch (error) {
        const refused = /ERROR: {2}permission denied for (table|view|materialized view|function|procedure) /
        return refused.test(String(error)) ? [] : [`${statement}: ${String(error).split('\n')[0]}`]
      }
    })
    expect(allowed).toEqual([])
  })

  it("service_role, the secret key's, may read and write every table past row level security and call every function", () => {
    const reach = cluster!.psql(`select
      (select rolbypassrls from pg_roles where rolname = 'service_role'),
      bool_and(has_table_privilege('service_role', c.oid, 'SELECT, INSERT, UPDATE, DELETE')),
      (select bool_and(has_function_privilege('service_role', p.oid, 'EXECUTE')) from pg_proc p
       where p.pronamespace = 'public'::regnamespace)
      from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`)
    expect(reach).toBe('t|t|t')
  })
})

if (clusterSkipReason) console.warn(`a migration that forgets its revokes: skipped, ${clusterSkipReason}`)
describe.skipIf(clusterSkipReason !== null)('a migration that forgets its revokes', () => {
  it('fails the check above, naming each object it left within reach and the statement that takes it away', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'migrations-'))
    let broken: Cluster | undefined
    try {
      cpSync(fileURLToPath(new URL('../../../supabase/migrations', import.meta.url)), folder, { recursive: true })
      writeFileSync(
        join(folder, '99990101000000_forgets_its_revokes.sql'),
        `create table public.notes (id bigint generated always as identity primary key, note text);
        create function public.count_notes() returns bigint language sql as $$ select count(*) from public.notes $$;`,
      )
      broken = await startCluster({ setupSql: SUPABASE_PROJECT, migrationsDir: folder })
      const all = 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER'
      expect(findings(broken)).toEqual([
        ...API_ROLES.map(
          (role) =>
            `function public.count_notes(): ${role} may EXECUTE; revoke all on function public.count_notes() from public, anon, authenticated`,
        ),
        ...API_ROLES.map(
          (role) => `table public.notes: ${role} may ${all}; revoke all on table public.notes from anon, authenticated`,
        ),
        ...API_ROLES.map(
          (role) =>
            `sequence public.notes_id_seq: ${role} may USAGE, SELECT, UPDATE; revoke all on sequence public.notes_id_seq from anon, authenticated`,
        ),
        "function public.count_notes() runs with its caller's search_path; give it set search_path = '' and schema-qualified names",
        'table public.notes has row level security off; alter table public.notes enable row level security',
      ])
    } finally {
      broken?.stop()
      rmSync(folder, { recursive: true, force: true })
    }
  }, 180_000)
})
