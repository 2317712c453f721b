-- Backend hardening: Stripe-style idempotency claims, a quarantine for honeypot
-- hits, rate limits per e-mail address as well as per network, and the
-- scheduled retention job. Runs unchanged on Supabase Postgres and on PGlite.

-- The SHA-256 of the normalised body (and of the résumé bytes) that a key was
-- first used with. It stays with the row after the key's claim is pruned, so a
-- key reused with another body is refused even then.
alter table leads add column request_hash text;
alter table job_applications add column request_hash text;

-- A request whose side effects go beyond its own insert (a résumé upload to
-- the bucket) claims its key here first. locked_at is set while a request
-- works on it (a claim locked past its lease was abandoned by a request that
-- died); submission_id once the submission is stored. Claims are pruned 24
-- hours after first use; the submissions stay, with their key and hash.
create table idempotency_keys (
  scope text not null check (scope in ('lead', 'application')),
  key uuid not null,
  request_hash text not null,
  first_used_at timestamptz not null,
  locked_at timestamptz,
  submission_id uuid,
  primary key (scope, key)
);
create index idempotency_keys_first_used_at_idx on idempotency_keys (first_used_at);

-- Submissions whose honeypot field was filled: answered like any other, kept
-- apart from real leads and applications for review, and deleted after a while.
create table quarantined_submissions (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  scope text not null check (scope in ('lead', 'application')),
  idempotency_key uuid not null,
  request_hash text not null,
  ip_hash text not null,
  fields jsonb not null,
  unique (scope, idempotency_key)
);
create index quarantined_submissions_created_at_idx on quarantined_submissions (created_at);

-- The limits now count salted hashes of e-mail addresses too, not only of networks.
alter table submission_rate_limits rename column ip_hash to subject_hash;

alter table idempotency_keys enable row level security;
alter table quarantined_submissions enable row level security;

-- Supabase only: no API access to the new tables, and the retention job
-- (function purge-expired) run nightly by pg_cron through pg_net. The job
-- needs two Vault secrets, set once per project:
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service role key>', 'service_role_key');
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on table idempotency_keys, quarantined_submissions from anon, authenticated';
  end if;
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net')
     and to_regclass('vault.secrets') is not null then
    execute 'create extension if not exists pg_cron';
    execute 'create extension if not exists pg_net';
    execute $sql$
      select cron.schedule('purge-expired-submissions', '17 3 * * *', $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
            || '/functions/v1/purge-expired',
          headers := jsonb_build_object(
            'content-type', 'application/json',
            'authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
          ),
          body := '{}'::jsonb,
          timeout_milliseconds := 60000
        )
      $job$)
    $sql$;
  end if;
end
$$;
