// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalBackend } from '../../../server/local-backend.ts'
import {
  type Answer,
  body,
  count,
  files,
  goodApplication,
  jsonRequest,
  memoryBackend,
  multipartRequest,
  paths,
} from './helpers.ts'

let backend: LocalBackend
beforeAll(async () => {
  backend = await memoryBackend()
}, 60_000)
afterAll(() => backend.close())

async function row(id: string): Promise<Answer> {
  const { rows } = await backend.db.query<Answer>('select * from job_applications where id = $1', [id])
  expect(rows).toHaveLength(1)
  return rows[0]
}

describe('submit-application', () => {
  it('stores a good JSON application once with typed columns', async () => {
    const application = goodApplication()
    const response = await backend.handle(jsonRequest('application', application))
    expect(response.status).toBe(201)
    const stored = await row((await body(response)).id)
    expect(stored).toMatchObject({
      first_name: 'John',
      last_name: 'Doe',
      zip_code: '32801',
      state: 'FL',
      position_type: 'full-time',
      shift_availability: 'night-shift',
      worked_for_company_before: 'no',
      us_citizen: 'yes',
      military_service: 'none',
      military_branch: null,
      florida_licenses: ['florida-d', 'florida-g'],
      security_experience: 4,
      additional_certifications: 'N/A',
      resume_file_name: null,
      resume_data: null,
      idempotency_key: application.idempotencyKey,
    })
  })

  it.each([
    ['pdf', files.pdf(), 'application/pdf'],
    ['docx', files.docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('stores a multipart application with a %s résumé, typed by its bytes', async (extension, bytes, mime) => {
    const response = await backend.handle(
      multipartRequest('application', goodApplication(), {
        bytes,
        name: `../../My CV.${extension}`,
        type: 'text/html',
      }),
    )
    expect(response.status).toBe(201)
    const stored = await row((await body(response)).id)
    expect(stored.resume_file_name).toBe(`My CV.${extension}`)
    expect(stored.resume_mime).toBe(mime)
    expect(stored.resume_size).toBe(bytes.byteLength)
    expect(Buffer.from(stored.resume_data).equals(Buffer.from(bytes))).toBe(true)
  })

  it('accepts a multipart application whose file input was left empty', async () => {
    const response = await backend.handle(
      multipartRequest('application', goodApplication(), { bytes: new Uint8Array(0), name: '' }),
    )
    expect(response.status).toBe(201)
    expect((await row((await body(response)).id)).resume_file_name).toBeNull()
  })

  it.each([
    ['png', files.png()],
    ['html named .pdf', files.html()],
    ['zip without word/', files.xlsx()],
    ['empty file', new Uint8Array(0)],
  ])('refuses a %s résumé with 400 on /resume', async (_label, bytes) => {
    const before = await count(backend, 'job_applications')
    const response = await backend.handle(multipartRequest('application', goodApplication(), { bytes, name: 'cv.pdf' }))
    expect(response.status).toBe(400)
    const answer = await body(response)
    expect(answer.fields).toEqual([{ path: '/resume', message: 'The résumé must be a PDF or DOCX file.' }])
    expect(await count(backend, 'job_applications')).toBe(before)
  })

  it('refuses a résumé over 5 MB with 413 on /resume', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    big.set(files.pdf().subarray(0, 8))
    const response = await backend.handle(
      multipartRequest('application', goodApplication(), { bytes: big, name: 'cv.pdf' }),
    )
    expect(response.status).toBe(413)
    expect(paths(await body(response))).toEqual(['/resume'])
  })

  // A 5 MB write waits for its sync to disk: seconds on a busy machine, so more than the default 5 s.
  it('accepts a résumé of exactly 5 MB', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024)
    bytes.set(files.pdf().subarray(0, 8))
    const response = await backend.handle(multipartRequest('application', goodApplication(), { bytes, name: 'cv.pdf' }))
    expect(response.status).toBe(201)
  }, 30_000)

  it('refuses multipart without a payload part, or with extra parts', async () => {
    const noPayload = new FormData()
    noPayload.set('firstName', 'John')
    const response = await backend.handle(
      new Request('http://127.0.0.1/functions/v1/submit-application', { method: 'POST', body: noPayload }),
    )
    expect(response.status).toBe(400)
    expect(paths(await body(response))).toEqual(['/firstName'])
  })

  it.each([
    ['a bad ZIP code', { zipCode: '3280' }, ['/zipCode']],
    ['a ZIP+4 with a bad suffix', { zipCode: '32801-12' }, ['/zipCode']],
    ['a bad phone', { phone: '555-01' }, ['/phone']],
    ['a bad email', { email: 'john@@example.com' }, ['/email']],
    ['negative experience', { securityExperience: -1 }, ['/securityExperience']],
    ['fractional experience', { securityExperience: 2.5 }, ['/securityExperience']],
    ['experience as text', { securityExperience: 'four' }, ['/securityExperience']],
    ['a yes/no answer that is neither', { usCitizen: 'maybe' }, ['/usCitizen']],
    ['an unknown state', { state: 'NY' }, ['/state']],
    ['an unknown licence', { floridaLicenses: ['florida-x'] }, ['/floridaLicenses']],
    ['a repeated licence', { floridaLicenses: ['ccw', 'ccw'] }, ['/floridaLicenses']],
    ['an unknown extra field', { ssn: '123-45-6789' }, ['/ssn']],
    [
      'missing required text',
      { firstName: undefined, securityLicenseNumber: '', additionalCertifications: ' ' },
      ['/firstName', '/securityLicenseNumber', '/additionalCertifications'],
    ],
    ['a missing yes/no question', { felonyConviction: undefined }, ['/felonyConviction']],
  ])('refuses %s with 400', async (_label, overrides, expected) => {
    const response = await backend.handle(jsonRequest('application', goodApplication(overrides)))
    expect(response.status).toBe(400)
    expect(paths(await body(response)).sort()).toEqual([...expected].sort())
  })

  it('accepts phone and ZIP variants', async () => {
    for (const [phone, zipCode] of [
      ['+1 407 555 0123', '32801-1234'],
      ['407.555.0123', '33101'],
      ['4075550123', '32801'],
      ['1-407-555-0123', '32801'],
    ]) {
      const response = await backend.handle(jsonRequest('application', goodApplication({ phone, zipCode })))
      expect(response.status, `${phone} ${zipCode}`).toBe(201)
    }
  })
})

describe('conditional fields', () => {
  it.each([
    ['otherLanguages', 'otherLanguagesDetails'],
    ['misdemeanorConviction', 'misdemeanorDetails'],
    ['marijuanaUse', 'marijuanaDetails'],
    ['employerDiscipline', 'disciplineDetails'],
    ['jobTermination', 'terminationDetails'],
  ])('requires %s details when the answer is yes', async (question, details) => {
    const response = await backend.handle(jsonRequest('application', goodApplication({ [question]: 'yes' })))
    expect(response.status).toBe(400)
    expect(paths(await body(response))).toEqual([`/${details}`])
  })

  it('requires the branch for any military answer other than none', async () => {
    for (const militaryService of ['honorable', 'general', 'dishonorable', 'other', 'active-reserve']) {
      const response = await backend.handle(jsonRequest('application', goodApplication({ militaryService })))
      expect(response.status).toBe(400)
      expect(paths(await body(response))).toEqual(['/militaryBranch'])
    }
  })

  it('stores details given with yes', async () => {
    const response = await backend.handle(
      jsonRequest(
        'application',
        goodApplication({
          otherLanguages: 'yes',
          otherLanguagesDetails: 'Spanish',
          militaryService: 'honorable',
          militaryBranch: 'Navy',
          jobTermination: 'yes',
          terminationDetails: 'Position eliminated',
        }),
      ),
    )
    expect(response.status).toBe(201)
    const stored = await row((await body(response)).id)
    expect(stored).toMatchObject({
      other_languages_details: 'Spanish',
      military_branch: 'Navy',
      termination_details: 'Position eliminated',
    })
  })

  it('does not store details sent with no (a field hidden again in the form)', async () => {
    const response = await backend.handle(
      jsonRequest(
        'application',
        goodApplication({
          otherLanguagesDetails: 'Spanish',
          misdemeanorDetails: 'old',
          marijuanaDetails: 'CBD',
          disciplineDetails: 'late',
          terminationDetails: 'fired',
          militaryBranch: 'Navy',
        }),
      ),
    )
    expect(response.status).toBe(201)
    const stored = await row((await body(response)).id)
    expect(stored).toMatchObject({
      other_languages_details: null,
      misdemeanor_details: null,
      marijuana_details: null,
      discipline_details: null,
      termination_details: null,
      military_branch: null,
    })
  })
})

describe('combined problems', () => {
  it('reports field errors and a bad résumé in one answer', async () => {
    const response = await backend.handle(
      multipartRequest('application', goodApplication({ zipCode: '1' }), { bytes: files.png(), name: 'cv.png' }),
    )
    expect(response.status).toBe(400)
    expect(paths(await body(response))).toEqual(['/zipCode', '/resume'])
  })
})
