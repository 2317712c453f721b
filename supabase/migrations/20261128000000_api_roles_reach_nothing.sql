-- Nothing in public is within the API roles' reach. On Supabase, anon and authenticated (the anon
-- key is in the site's bundle, and PostgREST answers /rest/v1/<table> and /rest/v1/rpc/<function>
-- as them) are given every privilege on each table, function and sequence created in public, by
-- the platform's default privileges, and PUBLIC may execute every function. The site needs none
-- of it: every read and write goes through the edge functions, which connect as the database's
-- owner. The earlier migrations revoked their tables; this one revokes the functions from the API
-- roles by name, gives measure_rollup a fixed search_path and drops the one SECURITY DEFINER.
-- A later migration must revoke what it creates in public from anon and authenticated (and a
-- function from public too): tests/unit/backend/the-api-roles-reach-nothing-in-public.test.ts
-- fails otherwise, naming the object and the revoke.
--
-- Runs unchanged on Supabase Postgres and on PGlite.

-- With search_path empty, no object of the caller's schemas can stand in for one it names.
create or replace function public.measure_rollup(since date default current_date - 2) returns integer
language plpgsql set search_path = '' as $$
declare
  written integer;
begin
  -- Two rollups at once would insert the same keys: the second waits for the first.
  perform pg_catalog.pg_advisory_xact_lock(48048048);
  delete from public.measure_daily where day >= since;
  insert into public.measure_daily (day, kind, page, locale, device, entry, landing_page, channel, referrer_host,
    utm_source, utm_medium, utm_campaign, form, step, events)
  select day, kind, page, locale, device, entry, coalesce(landing_page, ''), channel, coalesce(referrer_host, ''),
    coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, ''), coalesce(form, ''),
    coalesce(step, 0), pg_catalog.count(*)
  from public.measure_events
  where day >= since and kind <> 'vital'
  group by day, kind, page, locale, device, entry, landing_page, channel, referrer_host, utm_source, utm_medium,
    utm_campaign, form, step;
  get diagnostics written = row_count;
  return written;
end
$$;

-- Its only caller is pg_cron's job, which runs as the owner that scheduled it and may read Vault
-- and call pg_net itself (the retention job's command does both): it needs no owner's rights.
alter function public.request_notification_sweep() security invoker;

revoke all on function public.measure_rollup(date), public.request_notification_sweep() from public;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on function public.measure_rollup(date), public.request_notification_sweep()
      from anon, authenticated';
  end if;
  -- Supabase: pg_net was created with no schema (so in public, the first of the migrations'
  -- search_path, where the Security Advisor warns of it) before a later migration meant it to go
  -- into extensions. It is not relocatable; what it holds is the queue of requests not yet sent,
  -- which the next sweep asks again.
  if exists (select 1 from pg_extension where extname = 'pg_net' and extnamespace = 'public'::regnamespace)
     and to_regnamespace('extensions') is not null then
    execute 'drop extension pg_net';
    execute 'create extension pg_net with schema extensions';
  end if;
end
$$;
