// @vitest-environment node
// A lead sent with JavaScript carries where its visit came from: the function validates those
// fields like every other, derives the channel, stores them, and the team's e-mail names them.
// Without them (no JavaScript, or GPC) only the form's page is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { body, goodLead, jsonRequest, migratedMemoryBackend, paths } from '../backend/helpers.ts'
import { type Receiver, startReceiver } from '../backend/receiver.ts'

let backend: LocalBackend
let resend: Receiver
beforeAll(async () => {
  resend = await startReceiver()
  backend = await migratedMemoryBackend({
    env: {
      RATE_LIMIT_MAX: '0',
      RATE_LIMIT_EMAIL_MAX: '0',
      NOTIFY_EMAIL_TO: 'sales@example.com',
      NOTIFY_EMAIL_FROM: 'Website <leads@example.com>',
      NOTIFY_EMAIL_API_KEY: 're_test_key',
      NOTIFY_EMAIL_API_URL: `${resend.url}/`,
    },
    notifySweepMs: 0,
  })
}, 60_000)
afterAll(async () => {
  await backend.close()
  await resend.close()
})

const attribution = {
  page: '/contact-us',
  landingPage: '/orlando-security-services',
  referrerHost: 'www.google.com',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: 'fall',
}

const stored = async (name: string) =>
  (
    await backend.db.query<Record<string, unknown>>(
      `select page, landing_page, referrer_host, channel, utm_source, utm_medium, utm_campaign from leads where name = $1`,
      [name],
    )
  ).rows[0]

describe('a lead’s attribution', () => {
  it('is stored with the channel derived from it, and named in the team’s e-mail', async () => {
    const response = await backend.handle(jsonRequest('contact', goodLead({ name: 'Paid Visitor', ...attribution })))
    expect(response.status).toBe(201)
    expect(await stored('Paid Visitor')).toEqual({
      page: '/contact-us',
      landing_page: '/orlando-security-services',
      referrer_host: 'www.google.com',
      channel: 'paid-search',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'fall',
    })
    await backend.notifications.settled()
    const text = JSON.parse(resend.received.at(-1)!.body).text as string
    for (const line of [
      'Landing page: /orlando-security-services',
      'Channel: Paid search',
      'Referring site: www.google.com',
      'Campaign source: google',
      'Campaign medium: cpc',
      'Campaign: fall',
    ])
      expect(text).toContain(line)
  })

  it('is validated like every field: a bad value is refused at its field and nothing is stored', async () => {
    const response = await backend.handle(
      jsonRequest(
        'contact',
        goodLead({ name: 'Bad Attribution', landingPage: 'https://evil.example/x', referrerHost: 'A B' }),
      ),
    )
    expect(response.status).toBe(400)
    expect(paths(await body(response)).sort()).toEqual(['/landingPage', '/referrerHost'])
    expect(await stored('Bad Attribution')).toBeUndefined()
  })

  it('is absent without JavaScript or with GPC: only the form’s page is stored, and no channel', async () => {
    expect(
      (await backend.handle(jsonRequest('contact', goodLead({ name: 'Private Visitor', page: '/contact-us' })))).status,
    ).toBe(201)
    expect(await stored('Private Visitor')).toEqual({
      page: '/contact-us',
      landing_page: null,
      referrer_host: null,
      channel: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    })
  })
})
