-- Transactional outbox: one row per configured channel for every stored lead or
-- application, written by the same statement that stores the record, so a
-- record never exists without its notifications (nor the other way round).
-- A deliverer (supabase/functions/_shared/notifications/) sends them at least
-- once, retrying with back-off; the row's id is the receiver's idempotency key.
--
-- Runs unchanged on Supabase Postgres and on PGlite: the pg_cron + pg_net
-- schedule at the end is created only where both extensions are available.

create table notifications (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  -- The record notified about: exactly one of the two. Deleting a record (retention, a person's
  -- request) deletes its notifications, and the personal data in their payloads, with it.
  lead_id uuid references leads (id) on delete cascade,
  application_id uuid references job_applications (id) on delete cascade,
  check (num_nonnulls(lead_id, application_id) = 1),
  record_kind text not null generated always as (case when lead_id is not null then 'contact' else 'application' end) stored,
  record_id uuid not null generated always as (coalesce(lead_id, application_id)) stored,
  channel text not null check (channel in ('webhook', 'email')),
  -- What the receiver gets: allow-listed fields only (never background answers or the résumé).
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'dead')),
  attempts integer not null default 0,
  -- Set when an attempt starts, so the next one is already scheduled should the sender die mid-attempt.
  next_attempt_at timestamptz not null default now(),
  first_attempt_at timestamptz,
  last_attempt_at timestamptz,
  -- Non-null while an attempt is in flight (cleared when it ends, whatever the outcome).
  claimed_at timestamptz,
  delivered_at timestamptz,
  -- Status code or network error of the last failed attempt; never a payload.
  last_error text,
  unique (record_kind, record_id, channel)
);

create index notifications_due_idx on notifications (next_attempt_at) where status = 'pending';
create index notifications_record_idx on notifications (record_id);
-- For the cascades when records are deleted.
create index notifications_lead_id_idx on notifications (lead_id);
create index notifications_application_id_idx on notifications (application_id);

alter table notifications enable row level security;

-- Asks the deliver-notifications function to send what is due (pg_net: an asynchronous HTTP
-- request from the database). Hosted, pg_cron runs it every minute. The project URL and the
-- shared secret come from Vault, set once per project:
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<same value as NOTIFY_CRON_SECRET>', 'notify_cron_secret');
-- PL/pgSQL resolves net and vault only when it runs, so the function exists everywhere.
create function request_notification_sweep() returns bigint
language plpgsql security definer set search_path = '' as $$
begin
  return net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/deliver-notifications',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'notify_cron_secret')
    ),
    timeout_milliseconds := 60000
  );
end
$$;
revoke all on function request_notification_sweep() from public;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on table notifications from anon, authenticated';
  end if;

  -- Supabase: the schedule, only where both extensions are available (not on PGlite).
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    execute 'create extension if not exists pg_cron';
    execute 'create extension if not exists pg_net with schema extensions';
    perform cron.schedule('deliver-notifications', '* * * * *', 'select public.request_notification_sweep()');
  end if;
end
$$;
