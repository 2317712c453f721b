-- Cookieless measurement (function collect): raw events, kept 30 days (RETENTION_MEASURE_EVENT_DAYS),
-- and their daily aggregates, kept 25 months (RETENTION_MEASURE_AGGREGATE_MONTHS). No column holds
-- an address, a user-agent string, a full referrer, a query string or anything that tells one
-- visitor from another: an event is what happened, where, on which kind of device, on which day,
-- and how the visit came to the site (its first page, the referring site's host, the campaign).
-- Runs unchanged on Supabase Postgres and on PGlite.

create table measure_events (
  -- The day in the site's time zone (MEASURE_TIME_ZONE), not the time: events are not ordered.
  day date not null,
  kind text not null check (kind in ('view', 'call', 'email', 'start', 'step', 'sent', 'vital')),
  page text not null check (page ~ '^/[a-z0-9/-]*$' and length(page) <= 200),
  locale text not null check (locale ~ '^[a-z]{2}$'),
  device text not null check (device in ('mobile', 'tablet', 'desktop')),
  -- A page view that started the visit (it came from another site, or from none).
  entry boolean not null default false,
  landing_page text check (landing_page ~ '^/[a-z0-9/-]*$' and length(landing_page) <= 200),
  channel text not null
    check (channel in ('direct', 'organic-search', 'paid-search', 'social', 'email', 'referral')),
  referrer_host text check (referrer_host ~ '^[a-z0-9.-]+$' and length(referrer_host) <= 253),
  utm_source text check (length(utm_source) <= 100),
  utm_medium text check (length(utm_medium) <= 100),
  utm_campaign text check (length(utm_campaign) <= 100),
  -- start, step, sent: the form; step: the step of the application reached.
  form text check (form in ('contact', 'application')),
  step smallint check (step between 1 and 50),
  -- vital: one web-vitals report, its value (ms, or CLS's score), and a short element description.
  metric text check (metric in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
  value double precision check (value >= 0 and value < 3600000),
  element text check (length(element) <= 100)
);
create index measure_events_day_idx on measure_events (day);
create index measure_events_vitals_idx on measure_events (page, device, metric) where kind = 'vital';

-- One row per day and combination of dimensions: how many events of a kind. Empty text (not null)
-- stands for "none", so the combination can be the primary key.
create table measure_daily (
  day date not null,
  kind text not null,
  page text not null,
  locale text not null,
  device text not null,
  entry boolean not null,
  landing_page text not null,
  channel text not null,
  referrer_host text not null,
  utm_source text not null,
  utm_medium text not null,
  utm_campaign text not null,
  form text not null,
  step smallint not null,
  events integer not null check (events > 0),
  primary key (day, kind, page, landing_page, locale, device, entry, channel, referrer_host, utm_source, utm_medium,
    utm_campaign, form, step)
);

-- Rolls the raw events of the days from `since` up into measure_daily, replacing those days' rows:
-- run again, it gives the same rows (pg_cron runs it hourly hosted, the local backend's scheduler
-- locally, and the results before they read). Vitals stay raw: their p75 is read from the events.
create function measure_rollup(since date default current_date - 2) returns integer
language plpgsql as $$
declare
  written integer;
begin
  -- Two rollups at once would insert the same keys: the second waits for the first.
  perform pg_advisory_xact_lock(48048048);
  delete from measure_daily where day >= since;
  insert into measure_daily (day, kind, page, locale, device, entry, landing_page, channel, referrer_host,
    utm_source, utm_medium, utm_campaign, form, step, events)
  select day, kind, page, locale, device, entry, coalesce(landing_page, ''), channel, coalesce(referrer_host, ''),
    coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, ''), coalesce(form, ''),
    coalesce(step, 0), count(*)
  from measure_events
  where day >= since and kind <> 'vital'
  group by day, kind, page, locale, device, entry, landing_page, channel, referrer_host, utm_source, utm_medium,
    utm_campaign, form, step;
  get diagnostics written = row_count;
  return written;
end
$$;

alter table measure_events enable row level security;
alter table measure_daily enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on table measure_events, measure_daily from anon, authenticated';
    execute 'revoke all on function measure_rollup(date) from public, anon, authenticated';
  end if;
  -- Hosted: the hourly rollup, in the database itself (no HTTP call needed). The same test as
  -- the other schedules' (pg_cron and pg_net both there, as on Supabase): a PostgreSQL that
  -- merely has pg_cron installed, not loaded, would refuse `create extension pg_cron`.
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    execute 'create extension if not exists pg_cron';
    perform cron.schedule('measure-rollup', '7 * * * *', 'select public.measure_rollup()');
  end if;
end
$$;

-- Where a lead or an application came from (sent by the form's code with JavaScript, unless the
-- visitor asks not to be tracked): the first page of the visit, the referring site's host, the
-- channel the function derives from them, and the campaign's three UTM values.
do $$
declare
  record_table text;
begin
  foreach record_table in array array['leads', 'job_applications'] loop
    execute format($sql$
      alter table %I
        add column landing_page text check (landing_page ~ '^/[a-z0-9/-]*$' and length(landing_page) <= 200),
        add column referrer_host text check (referrer_host ~ '^[a-z0-9.-]+$' and length(referrer_host) <= 253),
        add column channel text
          check (channel in ('direct', 'organic-search', 'paid-search', 'social', 'email', 'referral')),
        add column utm_source text check (length(utm_source) <= 100),
        add column utm_medium text check (length(utm_medium) <= 100),
        add column utm_campaign text check (length(utm_campaign) <= 100)
    $sql$, record_table);
  end loop;
end
$$;
