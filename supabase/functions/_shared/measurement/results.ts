/**
 * What the marketers read (`npm run results`, the page editor's Results view, the hosted results
 * function): aggregates only, never a lead's content. Per page: entries (visits that started on
 * it), page views, and what the visits that started on it brought: calls (tel: taps), e-mails
 * (mailto: taps), forms started, leads, applications, and the conversion rate (leads and calls ÷
 * entries). Beside them: leads and calls per day, the application's steps reached, and each page's
 * field speed (p75 over the 28 days up to the last day asked for, per device class).
 */

import { type Device, METRICS, type Metric } from '../../../../common/measure/batch.ts'
import type { SqlClient } from '../store.ts'
import { CHANNELS, type Channel } from './channel.ts'

export interface ResultsFilter {
  /** First and last day (YYYY-MM-DD), both included. */
  from: string
  to: string
  locale?: string
  channel?: Channel
  campaign?: string
}

export interface PageResult {
  page: string
  entries: number
  views: number
  calls: number
  emails: number
  formsStarted: number
  leads: number
  applications: number
  /** (leads + calls) ÷ entries; null without entries. */
  conversionRate: number | null
}

export type Band = 'good' | 'needs-improvement' | 'poor'

export interface VitalResult {
  page: string
  device: Device
  metric: Metric
  p75: number
  samples: number
  band: Band
}

export interface Results {
  filter: ResultsFilter
  pages: PageResult[]
  daily: { day: string; leads: number; calls: number }[]
  /** The application: step 1 is the form started, the last the review. */
  steps: { step: number; reached: number }[]
  vitals: VitalResult[]
  /** What the filters can choose from (over every day kept). */
  choices: { locales: string[]; channels: Channel[]; campaigns: string[] }
}

/** Google's thresholds: good up to the first, poor above the second. */
export const BANDS: Record<Metric, [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
}

export function bandOf(metric: Metric, value: number): Band {
  const [good, poor] = BANDS[metric]
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor'
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

export function checkFilter(filter: ResultsFilter): string | null {
  if (!DAY.test(filter.from) || !DAY.test(filter.to)) return 'Dates are written YYYY-MM-DD.'
  if (filter.from > filter.to) return 'The first day comes after the last.'
  if (filter.locale !== undefined && !/^[a-z]{2}$/.test(filter.locale)) return 'A language is a two-letter code.'
  if (filter.channel !== undefined && !CHANNELS.includes(filter.channel)) {
    return `A channel is one of ${CHANNELS.join(', ')}.`
  }
  if (filter.campaign !== undefined && filter.campaign.length > 100) return 'A campaign is 100 characters at most.'
  return null
}

/** The filter's conditions on measure_daily (or measure_events), from parameter $1 on. */
function where(filter: ResultsFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.from, filter.to]
  const conditions = ['day between $1::date and $2::date']
  for (const [column, value] of [
    ['locale', filter.locale],
    ['channel', filter.channel],
    ['utm_campaign', filter.campaign],
  ] as const) {
    if (value === undefined) continue
    params.push(value)
    conditions.push(`${column} = $${params.length}`)
  }
  return { sql: conditions.join(' and '), params }
}

/**
 * Reads the results. `rollUp` first rolls the last days' raw events up (the local backend and the
 * results function do, so today counts at once; pg_cron does it hourly anyway).
 */
export async function readResults(client: SqlClient, filter: ResultsFilter, rollUp = true): Promise<Results> {
  if (rollUp) await client.query('select measure_rollup()')
  const { sql, params } = where(filter)
  const num = (value: unknown) => Number(value ?? 0)
  const viewed = await client.query<{ page: string; entries: unknown; views: unknown }>(
    `select page, sum(events) filter (where entry) as entries, sum(events) as views
     from measure_daily where kind = 'view' and ${sql} group by page`,
    params,
  )
  const brought = await client.query<Record<string, unknown> & { page: string }>(
    `select landing_page as page,
       sum(events) filter (where kind = 'call') as calls,
       sum(events) filter (where kind = 'email') as emails,
       sum(events) filter (where kind = 'start') as started,
       sum(events) filter (where kind = 'sent' and form = 'contact') as leads,
       sum(events) filter (where kind = 'sent' and form = 'application') as applications
     from measure_daily where landing_page <> '' and kind in ('call', 'email', 'start', 'sent') and ${sql}
     group by landing_page`,
    params,
  )
  const byPage = new Map<string, PageResult>()
  const row = (page: string) => {
    let found = byPage.get(page)
    if (!found) {
      found = {
        page,
        entries: 0,
        views: 0,
        calls: 0,
        emails: 0,
        formsStarted: 0,
        leads: 0,
        applications: 0,
        conversionRate: null,
      }
      byPage.set(page, found)
    }
    return found
  }
  for (const r of viewed) Object.assign(row(r.page), { entries: num(r.entries), views: num(r.views) })
  for (const r of brought) {
    Object.assign(row(r.page), {
      calls: num(r.calls),
      emails: num(r.emails),
      formsStarted: num(r.started),
      leads: num(r.leads),
      applications: num(r.applications),
    })
  }
  const pages = [...byPage.values()]
    .map((p) => ({ ...p, conversionRate: p.entries > 0 ? (p.leads + p.calls) / p.entries : null }))
    .sort((a, b) => b.entries - a.entries || b.views - a.views || a.page.localeCompare(b.page))

  const daily = await client.query<{ day: string; leads: unknown; calls: unknown }>(
    `select to_char(day, 'YYYY-MM-DD') as day,
       coalesce(sum(events) filter (where kind = 'sent' and form = 'contact'), 0) as leads,
       coalesce(sum(events) filter (where kind = 'call'), 0) as calls
     from measure_daily where kind in ('sent', 'call') and ${sql} group by day order by day`,
    params,
  )
  const steps = await client.query<{ step: number; reached: unknown }>(
    `select case when kind = 'start' then 1 else step end as step, sum(events) as reached
     from measure_daily where form = 'application' and kind in ('start', 'step') and ${sql}
     group by 1 order by 1`,
    params,
  )
  const vitals = await readVitals(client, filter)
  const choices = await client.query<{
    locales: string[] | null
    channels: Channel[] | null
    campaigns: string[] | null
  }>(
    `select array_agg(distinct locale) as locales, array_agg(distinct channel) as channels,
       array_agg(distinct utm_campaign) filter (where utm_campaign <> '') as campaigns
     from measure_daily`,
  )
  return {
    filter,
    pages,
    daily: daily.map((d) => ({ day: d.day, leads: num(d.leads), calls: num(d.calls) })),
    steps: steps.map((s) => ({ step: Number(s.step), reached: num(s.reached) })),
    vitals,
    choices: {
      locales: (choices[0]?.locales ?? []).sort(),
      channels: CHANNELS.filter((c) => choices[0]?.channels?.includes(c)),
      campaigns: (choices[0]?.campaigns ?? []).sort(),
    },
  }
}

/** p75 per page, device class and metric over the 28 days that end on the filter's last day. */
async function readVitals(client: SqlClient, filter: ResultsFilter): Promise<VitalResult[]> {
  const params: unknown[] = [filter.to]
  let locale = ''
  if (filter.locale !== undefined) {
    params.push(filter.locale)
    locale = ` and locale = $${params.length}`
  }
  const rows = await client.query<{ page: string; device: Device; metric: Metric; p75: unknown; samples: unknown }>(
    `select page, device, metric, percentile_cont(0.75) within group (order by value) as p75, count(*) as samples
     from measure_events
     where kind = 'vital' and day between $1::date - 27 and $1::date${locale}
     group by page, device, metric order by page, device, metric`,
    params,
  )
  return rows
    .filter((r) => METRICS.includes(r.metric))
    .map((r) => {
      const p75 = Number(r.p75)
      return {
        page: r.page,
        device: r.device,
        metric: r.metric,
        p75,
        samples: Number(r.samples),
        band: bandOf(r.metric, p75),
      }
    })
}
