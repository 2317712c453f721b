// @vitest-environment node
// The request pg_cron makes every minute on Supabase, run against stand-ins for pg_net and
// Vault: it must call the deliver-notifications function of this project with the shared secret.
import { describe, expect, it } from 'vitest'
import { memoryBackend } from './helpers.ts'

describe('the notifications table', () => {
  it('is out of reach of the public API: row level security on, and no policy', async () => {
    const backend = await memoryBackend()
    try {
      const { rows } = await backend.db.query<{ rls: boolean; policies: number }>(
        `select relrowsecurity as rls, (select count(*)::int from pg_policies where tablename = 'notifications') as policies
         from pg_class where relname = 'notifications'`,
      )
      expect(rows).toEqual([{ rls: true, policies: 0 }])
    } finally {
      await backend.close()
    }
  }, 60_000)
})

describe('the scheduled sweep request', () => {
  it('posts to /functions/v1/deliver-notifications with the Vault secret as bearer token', async () => {
    const backend = await memoryBackend()
    try {
      await backend.db.exec(`
        create schema net;
        create table net.requests (url text, body jsonb, headers jsonb, timeout_milliseconds int);
        create function net.http_post(url text, body jsonb, headers jsonb, timeout_milliseconds int)
          returns bigint language sql as
          $$ insert into net.requests values (url, body, headers, timeout_milliseconds); select 42::bigint $$;
        create schema vault;
        create table vault.decrypted_secrets (name text, decrypted_secret text);
        insert into vault.decrypted_secrets values
          ('project_url', 'https://abcd.supabase.co'), ('notify_cron_secret', 'cron-secret-1');
      `)
      const { rows } = await backend.db.query<{ id: number }>('select request_notification_sweep() as id')
      expect(Number(rows[0].id)).toBe(42)
      const sent = await backend.db.query('select * from net.requests')
      expect(sent.rows).toEqual([
        {
          url: 'https://abcd.supabase.co/functions/v1/deliver-notifications',
          body: {},
          headers: { 'Content-Type': 'application/json', Authorization: 'Bearer cron-secret-1' },
          timeout_milliseconds: 60000,
        },
      ])
      // Nobody but the owner (pg_cron's job runs as it) may fire it.
      const grants = await backend.db.query<{ allowed: boolean }>(
        `select has_function_privilege('public', 'request_notification_sweep()', 'execute') as allowed`,
      )
      expect(grants.rows[0].allowed).toBe(false)
    } finally {
      await backend.close()
    }
  }, 60_000)
})
