-- Every record names the form it came from, and the database lists no form kind: the kinds are
-- the form registry's (forms/registry.ts). The functions are the only writers of these tables, and
-- they refuse a kind the registry does not have, so the rule stays in one place. Runs unchanged on
-- Supabase Postgres and on PGlite.
--
-- It creates nothing new in public (columns of tables the API roles already reach nothing of, and
-- constraints), so there is nothing to revoke.

-- The rows stored so far came from the contact form and the application. The defaults stay: the
-- pipeline migrates before it deploys the functions, and the functions deployed until then write
-- no form; the new ones always do.
alter table leads add column form text not null default 'contact' check (form ~ '^[a-z][a-z0-9-]*$');
alter table job_applications add column form text not null default 'application'
  check (form ~ '^[a-z][a-z0-9-]*$');

-- Claims and honeypot hits are kept under their form's kind; events name their form.
alter table idempotency_keys drop constraint idempotency_keys_scope_check;
alter table quarantined_submissions drop constraint quarantined_submissions_scope_check;
alter table measure_events drop constraint measure_events_form_check;
alter table measure_events add constraint measure_events_form_check check (form ~ '^[a-z][a-z0-9-]*$');

-- A notification's kind is its record's form, as its payload says (it said `contact` for every
-- lead). Dropping the column drops the unique key it was part of; a record and a channel still
-- have one notification.
alter table notifications drop column record_kind;
alter table notifications add column record_kind text not null generated always as (payload ->> 'kind') stored;
alter table notifications add constraint notifications_record_id_channel_key unique (record_id, channel);
