// @vitest-environment node
// The measurement's retention, run by the same job as the submissions' (npm run retention, the
// local backend daily, purge-expired hosted): raw events go after 30 days, their daily aggregates
// after 25 months, both settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORMS } from '../../../forms/registry.ts'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { purgeLocal } from '../../../server/retention.ts'
import { readRetention } from '../../../supabase/functions/_shared/retention.ts'
import { count, memoryBackend } from '../backend/helpers.ts'

let backend: LocalBackend
beforeAll(async () => {
  backend = await memoryBackend()
}, 60_000)
afterAll(() => backend.close())

const insertEventOn = (day: string) =>
  backend.db.query(
    `insert into measure_events (day, kind, page, locale, device, channel) values ($1, 'view', '/', 'en', 'mobile', 'direct')`,
    [day],
  )

describe('measurement retention', () => {
  it('deletes raw events after 30 days and aggregates after 25 months, rolled up before they go', async () => {
    const now = new Date('2030-06-15T12:00:00Z')
    for (const day of ['2028-05-14', '2028-05-16', '2030-05-15', '2030-05-17']) await insertEventOn(day)
    await backend.db.query(`select measure_rollup('2000-01-01')`)
    expect(await count(backend, 'measure_daily')).toBe(4)

    const counts = await purgeLocal(backend.db, FORMS, {}, now)
    expect(counts).toMatchObject({ measureEvents: 3, measureAggregates: 1 })
    const days = async (table: string) =>
      (
        await backend.db.query<{ day: string }>(`select to_char(day, 'YYYY-MM-DD') as day from ${table} order by day`)
      ).rows.map((r) => r.day)
    expect(await days('measure_events')).toEqual(['2030-05-17'])
    expect(await days('measure_daily')).toEqual(['2028-05-16', '2030-05-15', '2030-05-17'])
  })

  it('takes both periods from the environment', () => {
    expect(
      readRetention({ RETENTION_MEASURE_EVENT_DAYS: '7', RETENTION_MEASURE_AGGREGATE_MONTHS: '13' }),
    ).toMatchObject({
      measureEventDays: 7,
      measureAggregateMonths: 13,
    })
    expect(() => readRetention({ RETENTION_MEASURE_AGGREGATE_MONTHS: '1.5' })).toThrow(
      'RETENTION_MEASURE_AGGREGATE_MONTHS must be a whole number of months (1 or more)',
    )
  })
})
