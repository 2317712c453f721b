-- Leads (contact form) and job applications sent by anonymous visitors through
-- the submit-lead and submit-application edge functions.
--
-- Runs unchanged on Supabase Postgres and on PGlite (local backend and tests):
-- anything that needs Supabase-only roles or schemas sits in a DO block that
-- checks for them first.
--
-- Nobody reads or writes these tables through the public API: RLS is on and
-- there is deliberately no policy. The functions connect as the database owner
-- (SUPABASE_DB_URL), which RLS does not restrict.

create domain yes_no as text check (value in ('yes', 'no'));

create table leads (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  idempotency_key uuid not null unique,
  -- salted SHA-256 of the client address, never the address itself
  ip_hash text not null,
  name text not null,
  email text not null,
  phone text,
  service text check (service in (
    'executive-protection', 'event-security', 'residential-security', 'workplace-security',
    'maritime-security', 'travel-security', 'threat-assessment', 'other'
  )),
  message text not null
);

create table job_applications (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  idempotency_key uuid not null unique,
  ip_hash text not null,

  first_name text not null,
  last_name text not null,
  email text not null,
  phone text not null,
  address text not null,
  city text not null,
  state text not null check (state in ('FL', 'AL', 'GA', 'other')),
  zip_code text not null,

  position_type text not null check (position_type in ('full-time', 'part-time', 'on-call')),
  shift_availability text not null check (shift_availability in ('day-shift', 'night-shift', 'all-shifts')),
  worked_for_company_before yes_no not null,

  us_citizen yes_no not null,
  has_high_school_diploma yes_no not null,
  speaks_english yes_no not null,
  other_languages yes_no not null,
  other_languages_details text,

  has_drivers_license yes_no not null,
  license_suspended yes_no not null,
  drivers_license_number text not null,
  florida_licenses text[] not null default '{}'
    check (florida_licenses <@ array['florida-d', 'florida-g', 'ccw']::text[]),
  security_license_number text not null,

  felony_conviction yes_no not null,
  misdemeanor_conviction yes_no not null,
  misdemeanor_details text,
  criminal_investigation yes_no not null,
  recent_drug_use yes_no not null,
  ever_used_drugs yes_no not null,
  marijuana_use yes_no not null,
  marijuana_details text,
  employer_discipline yes_no not null,
  discipline_details text,
  job_termination yes_no not null,
  termination_details text,

  military_service text not null check (military_service in (
    'none', 'honorable', 'general', 'dishonorable', 'other', 'active-reserve'
  )),
  military_branch text,

  security_experience integer not null check (security_experience >= 0),
  additional_certifications text not null,

  -- Résumé: the type is detected from the file's bytes. Hosted, the bytes are
  -- in the private storage bucket `resumes` at resume_path ("resumes/<key>/resume.pdf");
  -- locally (PGlite) they are kept in resume_data instead.
  resume_file_name text,
  resume_mime text check (resume_mime in (
    'application/pdf', 'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  )),
  resume_size integer check (resume_size between 1 and 5242880),
  resume_path text,
  resume_data bytea
);

-- Per-IP fixed-window counters for the submission rate limit; rows older than
-- a day are deleted by the functions as new windows start.
create table submission_rate_limits (
  scope text not null,
  ip_hash text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (scope, ip_hash, window_start)
);

create index leads_created_at_idx on leads (created_at);
create index job_applications_created_at_idx on job_applications (created_at);

alter table leads enable row level security;
alter table job_applications enable row level security;
alter table submission_rate_limits enable row level security;

-- Supabase only: take the API roles' default grants away as well (belt and
-- braces with RLS), and create the private résumé bucket.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on table leads, job_applications, submission_rate_limits from anon, authenticated';
  end if;
  if to_regclass('storage.buckets') is not null then
    execute $sql$
      insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
      values ('resumes', 'resumes', false, 5242880, array[
        'application/pdf', 'application/msword',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
      ])
      on conflict (id) do nothing
    $sql$;
  end if;
end
$$;
