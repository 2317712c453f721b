// @vitest-environment node
// The hosted measurement for real: the migrations on PostgreSQL 15+ with pg_cron loaded, the
// collect and results functions run by Deno over it, the site's page list served as the build
// writes it. The hourly rollup is scheduled in the database; the results function answers
// aggregates to the right token only. Skipped, saying why, without PostgreSQL, Deno or pg_cron.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Results } from '../../../supabase/functions/_shared/measurement/results.ts'
import {
  type Cluster,
  describeWithCron,
  type ServedFunction,
  serveFunction,
  startHostedCluster,
} from '../backend/postgres-cluster.ts'

const TOKEN = 'results-token-of-the-marketers'
const SITE_ORIGIN = 'https://www.example.com'
let cluster: Cluster | undefined
let site: Server | undefined
let collect: ServedFunction | undefined
let results: ServedFunction | undefined

const batch = (events: unknown[], visit: unknown = { landingPage: '/', referrerHost: 'www.bing.com' }) =>
  JSON.stringify({ device: 'desktop', visit, events })

const send = (body: string) =>
  fetch(`${collect!.url}/functions/v1/collect`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE_ORIGIN, 'cf-connecting-ip': '192.0.2.7' },
    body,
  })

describeWithCron('the hosted collect and results functions', () => {
  beforeAll(async () => {
    cluster = await startHostedCluster()
    site = createServer((req, res) => {
      if (req.url !== '/_data/_pages.json') return void res.writeHead(404).end()
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ '/': 'en', '/es': 'es' }))
    })
    await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve))
    const address = site.address()
    const siteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    ;[collect, results] = await Promise.all([
      serveFunction('collect', {
        SUPABASE_DB_URL: cluster.url,
        SITE_URL: siteUrl,
        ALLOWED_ORIGINS: SITE_ORIGIN,
        IP_HASH_SALT: 'salt',
      }),
      serveFunction('results', { SUPABASE_DB_URL: cluster.url, RESULTS_TOKEN: TOKEN }),
    ])
  }, 180_000)

  afterAll(async () => {
    collect?.process.kill('SIGTERM')
    results?.process.kill('SIGTERM')
    if (site) await new Promise((resolve) => site!.close(resolve))
    cluster?.stop()
  }, 60_000)

  it('the migration scheduled the hourly rollup in the database', () => {
    expect(
      cluster!.psql(
        "select schedule || ' | ' || command || ' | ' || active from cron.job where jobname = 'measure-rollup'",
      ),
    ).toBe('7 * * * * | select public.measure_rollup() | true')
  })

  it('stores a good batch and refuses one naming a page the site does not have, storing nothing', async () => {
    const good = await send(
      batch([
        { kind: 'view', page: '/', entry: true },
        { kind: 'call', page: '/es' },
      ]),
    )
    expect(good.status, collect!.log()).toBe(204)
    expect(good.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN)
    expect((await send(batch([{ kind: 'view', page: '/nowhere' }]))).status).toBe(400)
    expect((await send('{"device":')).status).toBe(400)
    expect(
      cluster!.psql(
        "select string_agg(kind || ' ' || page || ' ' || locale || ' ' || channel, ', ' order by kind) from measure_events",
      ),
    ).toBe('call /es es organic-search, view / en organic-search')
  })

  it('runs the scheduled command, and answers the results to the right token only', async () => {
    expect(cluster!.psql('select public.measure_rollup()')).toBe('2')
    const today = cluster!.psql("select to_char(current_date, 'YYYY-MM-DD')")
    const url = `${results!.url}/functions/v1/results?from=2020-01-01&to=${today}`
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
    expect((await fetch(url)).status).toBe(401)
    const answer = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(answer.status).toBe(200)
    const read = (await answer.json()) as Results
    expect(read.pages.find((p) => p.page === '/')).toMatchObject({ entries: 1, views: 1, calls: 1, conversionRate: 1 })
    expect(read.choices.channels).toEqual(['organic-search'])
    expect(JSON.stringify(read)).not.toMatch(/@|name|email"/)
  })
})
