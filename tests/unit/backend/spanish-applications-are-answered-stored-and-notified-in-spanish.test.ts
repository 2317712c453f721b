// @vitest-environment node
// A job application from the Spanish site (/es/empleo) carries `locale: "es"`: the function
// words its refusals in Spanish with the form's Spanish words (forms/application/es.json), stores
// the application with its language and names the language in the team's notification. Sent
// without JavaScript, it leads to the Spanish thank-you page the form names.
import { afterEach, describe, expect, it } from 'vitest'
import applicationEs from '../../../forms/application/es.json' with { type: 'json' }
import { FORMS } from '../../../forms/registry'
import wordingEs from '../../../forms/wording/es.json' with { type: 'json' }
import type { LocalBackend } from '../../../server/local-backend.ts'
import { body, files, goodApplication, jsonRequest, migratedMemoryBackend, multipartRequest } from './helpers.ts'
import { type Receiver, startReceiver } from './receiver.ts'

const SITE = 'http://localhost:5173'
const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close()
})

async function open(env: Record<string, string> = {}): Promise<LocalBackend> {
  const backend = await migratedMemoryBackend({
    env: { RATE_LIMIT_MAX: '0', ...env },
    notifySweepMs: 0,
  })
  opened.push(backend)
  return backend
}

const localeOf = async (backend: LocalBackend, lastName: string) =>
  (
    await backend.db.query<{ locale: string | null }>(
      `select locale from ${FORMS.application.table} where last_name = $1`,
      [lastName],
    )
  ).rows

describe('a Spanish application', { timeout: 60_000 }, () => {
  it('is refused with a 400 whose messages are in Spanish, naming each question as the Spanish form does', async () => {
    const backend = await open()
    const response = await backend.handle(
      jsonRequest(
        'application',
        goodApplication({ locale: 'es', firstName: undefined, zipCode: '328', felonyConviction: undefined }),
      ),
    )
    expect(response.status).toBe(400)
    const { fields } = await body(response)
    expect(fields).toEqual([
      { path: '/firstName', message: `${applicationEs.fields.firstName.title}: este dato es obligatorio.` },
      { path: '/zipCode', message: applicationEs.patterns.zipCode },
      { path: '/felonyConviction', message: `Responda, por favor: ${applicationEs.fields.felonyConviction.title}` },
    ])
    expect(await localeOf(backend, 'Doe')).toEqual([])
  })

  it.each([
    ['a file that is no résumé', files.xlsx(), wordingEs.resumeNotAResume],
    ['a Word 97-2003 file', files.doc(), wordingEs.resumeLegacyWord],
    ['a document with macros', files.docxWithVba(), wordingEs.resumeMacros],
  ])('with %s attached is refused in Spanish at the résumé', async (_label, bytes, message) => {
    const backend = await open()
    const response = await backend.handle(
      multipartRequest('application', goodApplication({ locale: 'es' }), { bytes, name: 'cv.docx' }),
    )
    expect(response.status).toBe(400)
    expect((await body(response)).fields).toEqual([{ path: '/resume', message }])
  })

  it('is stored with its language, and the notification names it', async () => {
    const hook: Receiver = await startReceiver()
    opened.push(hook)
    const backend = await open({ NOTIFY_WEBHOOK_URL: hook.url, NOTIFY_WEBHOOK_SECRET: 'whsec-test-es' })
    const response = await backend.handle(
      jsonRequest('application', goodApplication({ lastName: 'Gómez', locale: 'es' })),
    )
    expect(response.status).toBe(201)
    expect(await localeOf(backend, 'Gómez')).toEqual([{ locale: 'es' }])
    await backend.notifications.settled()
    expect(hook.received).toHaveLength(1)
    expect(JSON.parse(hook.received[0].body).fields).toMatchObject({ lastName: 'Gómez', locale: 'es' })
  })

  it('sent without JavaScript, is stored in Spanish and leads to /es/empleo/gracias', async () => {
    const backend = await open()
    const form = new FormData()
    form.append('_page', '/es/empleo')
    form.append('_thanks', '/es/empleo/gracias')
    for (const [name, value] of Object.entries(goodApplication({ lastName: 'Sinjs', locale: 'es' }))) {
      if (name === 'idempotencyKey') continue
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item))
    }
    const url = `http://127.0.0.1:54321/functions/v1/${FORMS.application.functionName}?reply=page`
    const answer = await backend.handle(new Request(url, { method: 'POST', body: form, headers: { origin: SITE } }))
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`${SITE}/es/empleo/gracias`)
    expect(await localeOf(backend, 'Sinjs')).toEqual([{ locale: 'es' }])
  })
})
