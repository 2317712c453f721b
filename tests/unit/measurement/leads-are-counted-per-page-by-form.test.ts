// @vitest-environment node
// The quote form is counted as the other forms are: its starts and sends, on the visits that
// started on a page, come back per page next to the contact form's, in the results the Results
// view and `npm run results` read (`--json` too), and they count as that page's leads. The
// counting code's batches go to the collect function of a local backend on disk, as visits send
// them; the script reads its data folder.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { FORMS } from '../../../forms/registry.ts'
import { pgliteClient } from '../../../server/local-database.ts'
import { type Results, readResults } from '../../../supabase/functions/_shared/measurement/results.ts'
import { migratedDiskBackend } from '../backend/helpers.ts'
import { scratchFolder } from '../scratch.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const ORIGIN = 'http://localhost:4173'
const LANDING = '/orlando-security-services'

/** One visit that came in on `landing` from a paid search and did what `events` say. */
function visit(landing: string, events: Record<string, unknown>[]) {
  const batch = {
    device: 'desktop',
    visit: { landingPage: landing, referrerHost: 'www.google.com', utmSource: 'google', utmMedium: 'cpc' },
    events: [{ kind: 'view', page: landing, entry: true }, ...events],
  }
  return new Request(`${ORIGIN}/functions/v1/collect`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN, 'user-agent': 'Mozilla/5.0 Firefox/140.0' },
    body: JSON.stringify(batch),
  })
}

describe('leads per page by form', () => {
  it('come back per page and form, from the results and from npm run results -- --json', async () => {
    const dataDir = join(scratchFolder('results-by-form-'), 'pglite')
    const backend = await migratedDiskBackend({ dataDir, env: { MEASURE_RATE_LIMIT_MAX: '0' } })
    const quote = (kind: string) => ({ kind, page: LANDING, form: 'quote' })
    const visits = [
      visit(LANDING, [quote('start'), quote('sent')]),
      visit(LANDING, [quote('start')]),
      visit(LANDING, [
        { kind: 'view', page: '/contact-us' },
        { kind: 'start', page: '/contact-us', form: 'contact' },
        { kind: 'sent', page: '/contact-us', form: 'contact' },
      ]),
    ]
    for (const request of visits) expect((await backend.handle(request, '192.0.2.1')).status).toBe(204)
    const range = { from: '2020-01-01', to: '2100-01-01' }
    const read = await readResults(pgliteClient(backend.db), range, FORMS)
    await backend.close()

    const page = read.pages.find((p) => p.page === LANDING)
    expect(page).toMatchObject({
      entries: 3,
      formsStarted: 3,
      leads: 2,
      applications: 0,
      forms: {
        quote: { started: 2, sent: 1 },
        contact: { started: 1, sent: 1 },
        application: { started: 0, sent: 0 },
      },
    })

    const run = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/results.ts',
          '--data-dir',
          dataDir,
          '--from',
          range.from,
          '--to',
          range.to,
          ...args,
        ],
        { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
      )
    const json = JSON.parse((await run('--json')).stdout) as Results
    expect(json.pages.find((p) => p.page === LANDING)).toEqual(page)
    const text = (await run()).stdout
    expect(text).toContain('Forms per page')
    expect(text).toMatch(new RegExp(`${LANDING}\\s+quote\\s+2\\s+1`))
    expect(text).toMatch(new RegExp(`${LANDING}\\s+contact\\s+1\\s+1`))
  }, 120_000)

  it('refuses events of a form the site does not have, and stores a quote form’s events', async () => {
    const dataDir = join(scratchFolder('collect-forms-'), 'pglite')
    const backend = await migratedDiskBackend({ dataDir, env: { MEASURE_RATE_LIMIT_MAX: '0' } })
    try {
      const unknown = visit(LANDING, [{ kind: 'start', page: LANDING, form: 'newsletter' }])
      expect((await backend.handle(unknown, '192.0.2.1')).status).toBe(400)
      expect((await backend.handle(visit(LANDING, [{ kind: 'start', page: LANDING, form: 'quote' }]))).status).toBe(204)
      const { rows } = await backend.db.query<{ form: string | null }>(
        "select form from measure_events where kind = 'start'",
      )
      expect(rows).toEqual([{ form: 'quote' }])
    } finally {
      await backend.close()
    }
  }, 60_000)
})
