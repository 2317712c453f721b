// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { createSubmitHandler } from '../../../supabase/functions/_shared/handler.ts'
import { createSqlStore, type SqlClient } from '../../../supabase/functions/_shared/store.ts'
import { goodApplication, goodLead, jsonRequest } from './helpers.ts'

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
      kind: 'lead',
      store: createSqlStore(failing),
      env: { IP_HASH_SALT: 't' },
      logError,
    })
    const response = await handle(jsonRequest('lead', goodLead(), { origin: '' }))
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ error: 'Internal error' })
    expect(text).not.toMatch(/relation|insert|leads|at .*\.ts/)
    expect(logError).toHaveBeenCalledOnce()
  })

  it('answers 500 when the insert itself fails after validation', async () => {
    const client: SqlClient = {
      query: (text) =>
        text.trim().startsWith('insert into job_applications')
          ? Promise.reject(new Error('duplicate key value violates unique constraint'))
          : Promise.resolve([]),
    }
    const handle = createSubmitHandler({
      kind: 'application',
      store: createSqlStore(client),
      env: { RATE_LIMIT_MAX: '0', IP_HASH_SALT: 't' },
      logError: () => {},
    })
    const response = await handle(jsonRequest('application', goodApplication(), { origin: '' }))
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ error: 'Internal error' })
  })
})
