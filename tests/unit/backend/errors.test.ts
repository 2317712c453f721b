// @vitest-environment node

import { describe, expect, it, vi } from 'vitest'
import { FORMS } from '../../../forms/registry.ts'
import { pgliteClient } from '../../../server/local-database.ts'
import { createSubmitHandler } from '../../../supabase/functions/_shared/handler.ts'
import { createSqlStore, type SqlClient } from '../../../supabase/functions/_shared/store.ts'
import { count, goodApplication, goodLead, jsonRequest, memoryBackend } from './helpers.ts'

describe('internal errors', () => {
  it('answers 500 with a fixed body, no stack or SQL, and logs server-side', async () => {
    const failing: SqlClient = {
      query: () => {
        const error = new Error('relation "leads" does not exist: insert into leads (name) values ($1)')
        return Promise.reject(error)
      },
    }
    const logError = vi.fn()
    const handle = createSubmitHandler({
      kind: 'contact',
      form: FORMS.contact,
      store: createSqlStore(failing, FORMS),
      env: { IP_HASH_SALT: 't' },
      logError,
    })
    const response = await handle(jsonRequest('contact', goodLead(), { origin: '' }))
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ error: 'Internal error' })
    expect(text).not.toMatch(/relation|insert|leads|at .*\.ts/)
    expect(logError).toHaveBeenCalledOnce()
  })

  it('answers 500 when the insert fails for a reason that is not the data, and frees the key for the retry', async () => {
    const backend = await memoryBackend()
    try {
      let failInsert = true
      const real = pgliteClient(backend.db)
      const client: SqlClient = {
        query: (text, params) =>
          failInsert && text.trim().startsWith('insert into job_applications')
            ? Promise.reject(new Error('connection terminated unexpectedly'))
            : real.query(text, params),
      }
      const logged: unknown[] = []
      const handle = createSubmitHandler({
        kind: 'application',
        form: FORMS.application,
        store: createSqlStore(client, FORMS),
        env: { RATE_LIMIT_MAX: '0', IP_HASH_SALT: 't' },
        logError: (_message, failure) => logged.push(failure),
      })
      const application = goodApplication()
      const response = await handle(jsonRequest('application', application, { origin: '' }))
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({ error: 'Internal error' })
      expect(logged).toEqual([{ code: 'Error', at: expect.stringMatching(/^at .*errors\.test\.ts/) }])

      failInsert = false
      const retry = await handle(jsonRequest('application', application, { origin: '' }))
      expect(retry.status).toBe(201)
      expect(await count(backend, 'job_applications')).toBe(1)
    } finally {
      await backend.close()
    }
  }, 60_000)
})

describe('database errors caused by the data', () => {
  // Constraints the schema does not know of stand in for any value the database refuses.
  it.each([
    [
      '23514',
      'a check constraint',
      'alter table leads add constraint lead_message_not_friday check (message not like $$%Friday%$$)',
      'lead_message_not_friday',
    ],
    ['22001', 'a value too long for its column', 'alter table leads alter column name type varchar(5)', undefined],
  ])(
    'answer 400, not a retried 500, for SQLSTATE %s (%s), and log the code only',
    async (code, _what, ddl, constraint) => {
      const backend = await memoryBackend()
      try {
        await backend.db.exec(ddl)
        const logged: unknown[] = []
        const handle = createSubmitHandler({
          kind: 'contact',
          form: FORMS.contact,
          store: createSqlStore(pgliteClient(backend.db), FORMS),
          env: { RATE_LIMIT_MAX: '0', RATE_LIMIT_EMAIL_MAX: '0', IP_HASH_SALT: 't' },
          logError: (message, failure) => logged.push({ message, failure }),
        })
        const lead = goodLead({ name: 'Jane Smith', message: 'Board meeting on Friday' })
        const response = await handle(jsonRequest('contact', lead, { origin: '' }))
        expect(response.status).toBe(400)
        expect((await response.json()).error).toMatch(/could not be stored as sent/)
        expect(logged).toEqual([
          { message: '[submit-lead] request failed', failure: constraint ? { code, constraint } : { code } },
        ])
        expect(JSON.stringify(logged)).not.toMatch(/Jane|Friday|example\.com/)
        expect(await count(backend, 'leads')).toBe(0)
      } finally {
        await backend.close()
      }
    },
    60_000,
  )
})
