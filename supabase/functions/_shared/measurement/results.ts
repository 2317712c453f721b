/**
 * What the marketers read (`npm run results`, the page editor's Results view, the hosted results
 * function): aggregates only, never a lead's content. Per page: entries (visits that started on
 * it), page views, and what the visits that started on it brought: calls (tel: taps), e-mails
 * (mailto: taps), forms started, leads, applications, and the conversion rate (leads and calls ÷
 * entries), and each form's starts and sends, so a page's leads are told apart by the form that
 * brought them. Beside them: leads and calls per day, the steps reached of the form in steps, and
 * each page's field speed (p75 over the 28 days up to the last day asked for, per device class).
 */

import type { FormDefinition, FormRegistry } from '../../../../common/forms/define.ts'
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
  /** Each of the site's forms, by kind: its starts and sends (the leads by form, the applications). */
  forms: Record<string, FormCounts>
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
  /** The form in steps (the application): step 1 is the form started, the last the review. */
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

/** A form's starts and sends on the visits that started on a page. */
export interface FormCounts {
  started: number
  sent: number
}

/** The kinds of the site's forms by what they count as, and those in steps. */
interface FormGroups {
  kinds: string[]
  leads: string[]
  applications: string[]
  inSteps: string[]
}

function formGroups(forms: FormRegistry): FormGroups {
  const entries = Object.entries(forms)
  const of = (test: (form: FormDefinition) => boolean) => entries.filter(([, form]) => test(form)).map(([kind]) => kind)
  return {
    kinds: entries.map(([kind]) => kind),
    leads: of((form) => form.counts === 'lead'),
    applications: of((form) => form.counts === 'application'),
    // A form in steps (ui:options.steps) reports each step it reaches (src/forms/steps.tsx).
    inSteps: of((form) => (form.uiSchema['ui:options'] as { steps?: boolean } | undefined)?.steps === true),
  }
}

/**
 * Reads the results. `rollUp` first rolls the last days' raw events up (the local backend and the
 * results function do, so today counts at once; pg_cron does it hourly anyway).
 */
export async function readResults(
  client: SqlClient,
  filter: ResultsFilter,
  forms: FormRegistry,
  rollUp = true,
): Promise<Results> {
  if (rollUp) await client.query('select measure_rollup()')
  const groups = formGroups(forms)
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
    pages: await readPages(client, filter, groups),
    daily: await readDaily(client, filter, groups),
    steps: await readSteps(client, filter, groups),
    vitals: await readVitals(client, filter),
    choices: {
      locales: (choices[0]?.locales ?? []).sort(),
      channels: CHANNELS.filter((c) => choices[0]?.channels?.includes(c)),
      campaigns: (choices[0]?.campaigns ?? []).sort(),
    },
  }
}

const num = (value: unknown) => Number(value ?? 0)

/** Per page: its entries and views, and what the visits that started on it brought, by form too. */
async function readPages(client: SqlClient, filter: ResultsFilter, groups: FormGroups): Promise<PageResult[]> {
  const { sql, params } = where(filter)
  const viewed = await client.query<{ page: string; entries: unknown; views: unknown }>(
    `select page, sum(events) filter (where entry) as entries, sum(events) as views
     from measure_daily where kind = 'view' and ${sql} group by page`,
    params,
  )
  const [leads, applications] = [params.length + 1, params.length + 2]
  const brought = await client.query<Record<string, unknown> & { page: string }>(
    `select landing_page as page,
       sum(events) filter (where kind = 'call') as calls,
       sum(events) filter (where kind = 'email') as emails,
       sum(events) filter (where kind = 'start') as started,
       sum(events) filter (where kind = 'sent' and form = any($${leads}::text[])) as leads,
       sum(events) filter (where kind = 'sent' and form = any($${applications}::text[])) as applications
     from measure_daily where landing_page <> '' and kind in ('call', 'email', 'start', 'sent') and ${sql}
     group by landing_page`,
    [...params, groups.leads, groups.applications],
  )
  const byForm = await client.query<{ page: string; form: string; started: unknown; sent: unknown }>(
    `select landing_page as page, form,
       sum(events) filter (where kind = 'start') as started, sum(events) filter (where kind = 'sent') as sent
     from measure_daily where landing_page <> '' and kind in ('start', 'sent') and ${sql}
     group by landing_page, form`,
    params,
  )
  const byPage = new Map<string, PageResult>()
  const row = (page: string) => {
    let found = byPage.get(page)
    if (!found) {
      const forms = Object.fromEntries(groups.kinds.map((kind) => [kind, { started: 0, sent: 0 }]))
      const counts = { entries: 0, views: 0, calls: 0, emails: 0, formsStarted: 0, leads: 0, applications: 0 }
      found = { page, ...counts, conversionRate: null, forms }
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
  for (const r of byForm) {
    // An event of a form the site no longer has still counts in the page's totals above.
    if (groups.kinds.includes(r.form)) row(r.page).forms[r.form] = { started: num(r.started), sent: num(r.sent) }
  }
  return [...byPage.values()]
    .map((p) => ({ ...p, conversionRate: p.entries > 0 ? (p.leads + p.calls) / p.entries : null }))
    .sort((a, b) => b.entries - a.entries || b.views - a.views || a.page.localeCompare(b.page))
}

async function readDaily(client: SqlClient, filter: ResultsFilter, groups: FormGroups): Promise<Results['daily']> {
  const { sql, params } = where(filter)
  const daily = await client.query<{ day: string; leads: unknown; calls: unknown }>(
    `select to_char(day, 'YYYY-MM-DD') as day,
       coalesce(sum(events) filter (where kind = 'sent' and form = any($${params.length + 1}::text[])), 0) as leads,
       coalesce(sum(events) filter (where kind = 'call'), 0) as calls
     from measure_daily where kind in ('sent', 'call') and ${sql} group by day order by day`,
    [...params, groups.leads],
  )
  return daily.map((d) => ({ day: d.day, leads: num(d.leads), calls: num(d.calls) }))
}

async function readSteps(client: SqlClient, filter: ResultsFilter, groups: FormGroups): Promise<Results['steps']> {
  const { sql, params } = where(filter)
  const steps = await client.query<{ step: number; reached: unknown }>(
    `select case when kind = 'start' then 1 else step end as step, sum(events) as reached
     from measure_daily where form = any($${params.length + 1}::text[]) and kind in ('start', 'step') and ${sql}
     group by 1 order by 1`,
    [...params, groups.inSteps],
  )
  return steps.map((s) => ({ step: Number(s.step), reached: num(s.reached) }))
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
