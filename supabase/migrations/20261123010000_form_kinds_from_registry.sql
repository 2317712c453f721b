-- The form kinds come from the form registry (forms/registry.ts): the contact form's kind is
-- `contact` everywhere (pages, the browser, the functions), no longer `lead` on the server.
-- Its table stays `leads`. Runs unchanged on Supabase Postgres and on PGlite.
alter table idempotency_keys drop constraint idempotency_keys_scope_check;
alter table quarantined_submissions drop constraint quarantined_submissions_scope_check;
update idempotency_keys set scope = 'contact' where scope = 'lead';
update quarantined_submissions set scope = 'contact' where scope = 'lead';
alter table idempotency_keys add constraint idempotency_keys_scope_check check (scope in ('contact', 'application'));
alter table quarantined_submissions add constraint quarantined_submissions_scope_check
  check (scope in ('contact', 'application'));
