/**
 * What the site's visits brought, per page, for the marketers: `npm run results`.
 *
 *   tsx scripts/results.ts [--json] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--locale es]
 *                          [--channel paid-search] [--campaign fall] [--data-dir .data/pglite]
 *
 * Reads the local backend's database (a copy while a backend runs), or, given RESULTS_URL and
 * RESULTS_TOKEN, a hosted project's results function (aggregates only). The days default to the
 * last 28, today included, in MEASURE_TIME_ZONE.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { pgliteClient } from '../server/local-database.ts'
import { readLocalData } from '../server/read-local-data.ts'
import { loadSiteForms } from '../server/site-forms.ts'
import { CHANNEL_TITLES, type Channel } from '../supabase/functions/_shared/measurement/channel.ts'
import { dayIn, readMeasureConfig } from '../supabase/functions/_shared/measurement/collect.ts'
import {
  checkFilter,
  type Results,
  type ResultsFilter,
  readResults,
} from '../supabase/functions/_shared/measurement/results.ts'

// The forms of the site in the working folder (its forms/registry.ts).
const { forms: FORMS } = await loadSiteForms(process.cwd())

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    from: { type: 'string' },
    to: { type: 'string' },
    locale: { type: 'string' },
    channel: { type: 'string' },
    campaign: { type: 'string' },
    'data-dir': { type: 'string', default: process.env.BACKEND_DATA_DIR ?? '.data/pglite' },
  },
})

const DAY_MS = 24 * 60 * 60 * 1000
const { timeZone } = readMeasureConfig(process.env)
const to = values.to ?? dayIn(timeZone, new Date())
const filter: ResultsFilter = {
  from: values.from ?? new Date(Date.parse(to) - 27 * DAY_MS).toISOString().slice(0, 10),
  to,
  ...(values.locale ? { locale: values.locale } : {}),
  ...(values.channel ? { channel: values.channel as Channel } : {}),
  ...(values.campaign ? { campaign: values.campaign } : {}),
}
const problem = checkFilter(filter)
if (problem) {
  console.error(problem)
  process.exit(2)
}

const results = process.env.RESULTS_URL ? await readHosted(filter) : await readLocal(filter)
if (values.json) console.log(JSON.stringify(results, null, 2))
else printResults(results)

async function readLocal(f: ResultsFilter): Promise<Results> {
  const dataDir = resolve(values['data-dir']!)
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    console.error(`No database at ${dataDir} (nothing counted yet, or another --data-dir).`)
    process.exit(1)
  }
  return readLocalData(dataDir, (db) => readResults(pgliteClient(db), f, FORMS))
}

async function readHosted(f: ResultsFilter): Promise<Results> {
  const token = process.env.RESULTS_TOKEN
  if (!token) {
    console.error('RESULTS_URL is set but RESULTS_TOKEN is not.')
    process.exit(1)
  }
  const url = new URL(process.env.RESULTS_URL!)
  for (const [name, value] of Object.entries(f)) url.searchParams.set(name, String(value))
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  if (!response.ok) {
    console.error(`${url.origin} answered ${response.status}: ${await response.text()}`)
    process.exit(1)
  }
  return (await response.json()) as Results
}

function printResults(r: Results): void {
  const f = r.filter
  const scope = [
    f.locale ? `language ${f.locale}` : 'all languages',
    f.channel ? CHANNEL_TITLES[f.channel] : 'all channels',
    f.campaign ? `campaign ${f.campaign}` : 'all campaigns',
  ].join(', ')
  console.log(`Results ${f.from} to ${f.to} (${scope})`)
  const percent = (rate: number | null) => (rate === null ? '-' : `${(rate * 100).toFixed(1)} %`)
  table(
    'Pages (calls, e-mails, forms and leads are those of the visits that started on the page)',
    ['page', 'entries', 'views', 'calls', 'e-mails', 'forms started', 'leads', 'applications', 'conversion'],
    r.pages.map((p) => [
      p.page,
      p.entries,
      p.views,
      p.calls,
      p.emails,
      p.formsStarted,
      p.leads,
      p.applications,
      percent(p.conversionRate),
    ]),
  )
  table(
    'Forms per page (started and sent, by the visits that started on the page)',
    ['page', 'form', 'started', 'sent'],
    r.pages.flatMap((p) =>
      Object.entries(p.forms ?? {})
        .filter(([, counts]) => counts.started > 0 || counts.sent > 0)
        .map(([form, counts]) => [p.page, form, counts.started, counts.sent]),
    ),
  )
  table(
    'Leads and calls per day',
    ['day', 'leads', 'calls'],
    r.daily.map((d) => [d.day, d.leads, d.calls]),
  )
  table(
    'Application steps reached (1: started)',
    ['step', 'reached'],
    r.steps.map((s) => [s.step, s.reached]),
  )
  table(
    `Field speed, p75 over the 28 days to ${f.to}`,
    ['page', 'device', 'metric', 'p75', 'band', 'samples'],
    r.vitals.map((v) => [
      v.page,
      v.device,
      v.metric,
      v.metric === 'CLS' ? v.p75.toFixed(3) : `${Math.round(v.p75)} ms`,
      v.band,
      v.samples,
    ]),
  )
}

function table(title: string, columns: string[], rows: (string | number)[][]): void {
  console.log(`\n${title}`)
  if (rows.length === 0) {
    console.log('  (none)')
    return
  }
  const cells = rows.map((row) => row.map(String))
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i].length)))
  const line = (values: string[]) => `  ${values.map((value, i) => value.padEnd(widths[i])).join('  ')}`.trimEnd()
  console.log(line(columns))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const values of cells) console.log(line(values))
}
