// @vitest-environment node
// The collect function on the local backend (the same handler the Deno function runs): a good
// batch is stored whole, with the channel derived on the server; oversized, malformed, unknown-kind
// and unknown-page batches are answered 400 and store nothing; bots are dropped; a network past
// the limit is answered 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { count, memoryBackend } from '../backend/helpers.ts'

let backend: LocalBackend
beforeAll(async () => {
  backend = await memoryBackend({ MEASURE_RATE_LIMIT_MAX: '5', MEASURE_TIME_ZONE: 'America/New_York' })
}, 60_000)
afterAll(() => backend.close())

const ORIGIN = 'http://localhost:4173'
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1'

function beacon(body: unknown, { userAgent = BROWSER, ip = '192.0.2.10' } = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const request = new Request('http://127.0.0.1:4173/functions/v1/collect', {
    method: 'POST',
    // What navigator.sendBeacon sends with a string.
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN, 'user-agent': userAgent },
    body: text,
  })
  return backend.handle(request, ip)
}

const goodBatch = {
  device: 'mobile',
  visit: {
    landingPage: '/orlando-security-services',
    referrerHost: 'www.google.com',
    utmSource: 'google',
    utmMedium: 'cpc',
    utmCampaign: 'fall',
  },
  events: [
    { kind: 'view', page: '/orlando-security-services', entry: true },
    { kind: 'view', page: '/contact-us' },
    { kind: 'call', page: '/contact-us' },
    { kind: 'start', page: '/contact-us', form: 'contact' },
    { kind: 'vital', page: '/orlando-security-services', metric: 'LCP', value: 1834, element: 'section.hero>img' },
  ],
}

describe('the collect function', () => {
  it('stores a good batch whole, each event once, with the channel derived on the server', async () => {
    const response = await beacon(goodBatch)
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const rows = (
      await backend.db.query<Record<string, unknown>>(
        'select kind, page, locale, device, entry, landing_page, channel, referrer_host, utm_campaign, form, metric, value, element from measure_events order by kind, page',
      )
    ).rows
    expect(rows).toHaveLength(5)
    expect(rows.map((r) => r.channel)).toEqual(Array(5).fill('paid-search'))
    expect(rows.find((r) => r.kind === 'vital')).toMatchObject({
      metric: 'LCP',
      value: 1834,
      element: 'section.hero>img',
    })
    expect(rows.find((r) => r.kind === 'view' && r.entry)).toMatchObject({
      page: '/orlando-security-services',
      locale: 'en',
    })
  })

  it('knows each page’s language from the site', async () => {
    const before = await count(backend, 'measure_events')
    expect((await beacon({ device: 'desktop', events: [{ kind: 'view', page: '/es/contacto' }] })).status).toBe(204)
    const [row] = (
      await backend.db.query<{ locale: string; channel: string }>(
        "select locale, channel from measure_events where page = '/es/contacto'",
      )
    ).rows
    expect(row).toEqual({ locale: 'es', channel: 'direct' })
    expect(await count(backend, 'measure_events')).toBe(before + 1)
  })

  it('answers 400 and stores nothing for oversized, malformed, unknown-kind and unknown-page batches', async () => {
    const before = await count(backend, 'measure_events')
    const bad = {
      oversized: { ...goodBatch, events: [{ kind: 'view', page: `/${'a'.repeat(9000)}` }] },
      'too many events': { ...goodBatch, events: Array(21).fill(goodBatch.events[1]) },
      'not JSON': '{"device": "mobile", "events": [',
      'unknown kind': { ...goodBatch, events: [...goodBatch.events, { kind: 'scroll', page: '/contact-us' }] },
      'unknown page': { ...goodBatch, events: [...goodBatch.events, { kind: 'view', page: '/no-such-page' }] },
      'unknown landing page': { ...goodBatch, visit: { landingPage: '/nowhere' } },
      'a field too many': { ...goodBatch, visitorId: 'abc' },
      'a step without its number': { ...goodBatch, events: [{ kind: 'step', page: '/careers', form: 'application' }] },
      'no events': { ...goodBatch, events: [] },
    }
    for (const [what, body] of Object.entries(bad)) {
      const response = await beacon(body, { ip: `198.51.100.${Object.keys(bad).indexOf(what)}` })
      expect(response.status, what).toBe(400)
    }
    expect(await count(backend, 'measure_events')).toBe(before)
  })

  it('drops what bots send, answering as if stored', async () => {
    const before = await count(backend, 'measure_events')
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      'curl/8.5.0',
    ]) {
      expect((await beacon(goodBatch, { userAgent, ip: '203.0.113.50' })).status).toBe(204)
    }
    expect(await count(backend, 'measure_events')).toBe(before)
  })

  it('answers 429 to a network past its limit of batches', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await beacon(goodBatch, { ip: '203.0.113.99' })).status)
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429])
  })

  it('rolls the events up into daily aggregates, the same rows however often it runs', async () => {
    await backend.db.query('select measure_rollup()')
    const first = (await backend.db.query('select * from measure_daily order by 1, 2, 3, 4, 5, 6')).rows
    await backend.db.query('select measure_rollup()')
    expect((await backend.db.query('select * from measure_daily order by 1, 2, 3, 4, 5, 6')).rows).toEqual(first)
    const calls = (
      await backend.db.query<{ n: number }>("select sum(events)::int as n from measure_daily where kind = 'call'")
    ).rows[0].n
    expect(calls).toBe(6) // one per stored batch: the first test's and five within the limit
  })
})
