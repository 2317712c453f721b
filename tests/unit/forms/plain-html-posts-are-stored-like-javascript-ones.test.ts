// The no-JavaScript path (supabase/functions/_shared/form-post.ts) against the real handler and
// an in-memory local backend: a plain <form method="post"> is validated and stored like a JSON
// submission, once, and answered with a 303 that carries no entered value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORMS } from '../../../forms/registry'
import type { LocalBackend } from '../../../server/local-backend'
import { files, goodApplication, goodLead, memoryBackend } from '../backend/helpers'

const SITE = 'http://localhost:5173'
let backend: LocalBackend
beforeAll(async () => {
  backend = await memoryBackend()
}, 60_000)
afterAll(async () => {
  await backend?.close()
})

const leadsNamed = async (name: string) =>
  (
    await backend.db.query<Record<string, unknown>>(`select name, phone from ${FORMS.contact.table} where name = $1`, [
      name,
    ])
  ).rows

const url = (functionName: string) => `http://127.0.0.1:54321/functions/v1/${functionName}?reply=page`

/** The body a browser sends for the form: every answer as text, checkboxes repeated. */
function formBody(fields: Record<string, unknown>, page: string): URLSearchParams {
  const body = new URLSearchParams({ _page: page })
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'idempotencyKey') continue
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, String(item))
  }
  return body
}

const post = (functionName: string, body: URLSearchParams | FormData, headers: Record<string, string> = {}) =>
  backend.handle(new Request(url(functionName), { method: 'POST', body, headers: { origin: SITE, ...headers } }))

describe('plain HTML form posts', () => {
  it('store a contact form once, also when sent again, and lead to the thank-you page', async () => {
    const lead = goodLead({ name: 'Plain Post', phone: '+44 20 7946 0958' })
    const first = await post(FORMS.contact.functionName, formBody(lead, '/contact-us'))
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe(`${SITE}/contact-us/thank-you`)
    const again = await post(FORMS.contact.functionName, formBody(lead, '/contact-us'))
    expect(again.headers.get('location')).toBe(`${SITE}/contact-us/thank-you`)
    expect(await leadsNamed('Plain Post')).toEqual([{ name: 'Plain Post', phone: '+44 20 7946 0958' }])
  })

  it('store an application with its resume, typed by the schema (numbers, lists), dropping hidden answers', async () => {
    const application = goodApplication({
      lastName: 'Plainpost',
      floridaLicenses: ['florida-d', 'florida-g'],
      otherLanguages: 'no',
      otherLanguagesDetails: 'Spanish',
    })
    const body = new FormData()
    for (const [name, value] of formBody(application, '/careers')) body.append(name, value)
    body.append('resume', new File([files.pdf() as BlobPart], 'cv.pdf', { type: 'application/pdf' }))
    const answer = await post(FORMS.application.functionName, body)
    expect(answer.headers.get('location')).toBe(`${SITE}/careers/thank-you`)
    const rows = await backend.db.query<Record<string, unknown>>(
      `select security_experience, florida_licenses, other_languages_details, resume_file_name from ${FORMS.application.table} where last_name = 'Plainpost'`,
    )
    expect(rows.rows).toEqual([
      {
        security_experience: 4,
        florida_licenses: ['florida-d', 'florida-g'],
        other_languages_details: null,
        resume_file_name: 'cv.pdf',
      },
    ])
  })

  it('send invalid answers back to the form page, naming only the reason', async () => {
    const lead = goodLead({ name: 'Jane Private', email: 'jane@localhost' })
    const answer = await post(FORMS.contact.functionName, formBody(lead, '/contact-us'))
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`${SITE}/contact-us#not-sent-invalid`)
    expect(await leadsNamed('Jane Private')).toEqual([])
  })

  it('send a rate-limited visitor back with the reason', async () => {
    const limited = await memoryBackend({ RATE_LIMIT_MAX: '1' })
    try {
      const send = (name: string) =>
        limited.handle(
          new Request(url(FORMS.contact.functionName), {
            method: 'POST',
            body: formBody(goodLead({ name }), '/contact-us'),
            headers: { origin: SITE },
          }),
        )
      expect((await send('First')).headers.get('location')).toBe(`${SITE}/contact-us/thank-you`)
      expect((await send('Second')).headers.get('location')).toBe(`${SITE}/contact-us#not-sent-busy`)
    } finally {
      await limited.close()
    }
  }, 60_000)

  it('refuse another site, and never redirect anywhere but to a path of the posting site', async () => {
    const foreign = await post(FORMS.contact.functionName, formBody(goodLead({ name: 'Foreign' }), '/contact-us'), {
      origin: 'https://evil.example',
    })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('location')).toBeNull()
    const sneaky = await post(FORMS.contact.functionName, formBody(goodLead({ name: 'Sneaky' }), '//evil.example/x'))
    expect(sneaky.headers.get('location')).toBe(`${SITE}/thank-you`)
    expect(await leadsNamed('Foreign')).toEqual([])
    expect(await leadsNamed('Sneaky')).toHaveLength(1)
  })

  it('store a Spanish lead with its language, answer in Spanish, and lead to the Spanish thank-you page', async () => {
    const lead = goodLead({ name: 'María Rodríguez', locale: 'es' })
    const body = formBody(lead, '/es/contacto')
    body.set('_thanks', '/es/contacto/gracias')
    const answer = await post(FORMS.contact.functionName, body)
    expect(answer.headers.get('location')).toBe(`${SITE}/es/contacto/gracias`)
    const stored = await backend.db.query(`select locale, page from ${FORMS.contact.table} where name = $1`, [
      'María Rodríguez',
    ])
    expect(stored.rows).toEqual([{ locale: 'es', page: '/es/contacto' }])
    const invalid = formBody(goodLead({ name: 'Correo Malo', email: 'maria@', locale: 'es' }), '/es/contacto')
    invalid.set('_thanks', '/es/contacto/gracias')
    expect((await post(FORMS.contact.functionName, invalid)).headers.get('location')).toBe(
      `${SITE}/es/contacto#not-sent-invalid`,
    )
  })

  it('follow a named thank-you page only under the form page', async () => {
    for (const [thanks, name] of [
      ['/about-us', 'Elsewhere'],
      ['//evil.example/x', 'Sneakier'],
      ['/es/contacto', 'Itself'],
      ['https://evil.example/', 'Absolute'],
    ]) {
      const body = formBody(goodLead({ name }), '/es/contacto')
      body.set('_thanks', thanks)
      expect((await post(FORMS.contact.functionName, body)).headers.get('location')).toBe(
        `${SITE}/es/contacto/thank-you`,
      )
    }
  })
})
