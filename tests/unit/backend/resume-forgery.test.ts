// @vitest-environment node
// Files dressed up as résumés: each is refused on /resume, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { sanitizeFileName } from '../../../supabase/functions/_shared/resume.ts'
import { body, count, files, goodApplication, memoryBackend, multipartRequest, zip } from './helpers.ts'

let backend: LocalBackend
beforeAll(async () => {
  backend = await memoryBackend()
}, 60_000)
afterAll(() => backend.close())

async function row(id: string) {
  const { rows } = await backend.db.query<Record<string, unknown>>('select * from job_applications where id = $1', [id])
  return rows[0]
}

describe('forged résumés', () => {
  it.each([
    ['a zip with a folder named password/', files.passwordFolderZip(), 'The résumé must be a PDF or DOCX file.'],
    [
      'a zip whose declared Word part is missing',
      files.docxWithoutMainPart(),
      'The résumé must be a PDF or DOCX file.',
    ],
    ['an .xlsx renamed .docx', files.xlsx(), 'The résumé must be a PDF or DOCX file.'],
    ['a .docx with a vbaProject.bin', files.docxWithVba(), expect.stringContaining('contains macros')],
    ['a macro-enabled .docm renamed .docx', files.docm(), expect.stringContaining('contains macros')],
    ['an OLE file (.doc, .xls, .msi alike)', files.doc(), expect.stringContaining('(.doc) files are not accepted')],
    ['a truncated zip', files.docx().subarray(0, 60), 'The résumé must be a PDF or DOCX file.'],
  ])('refuses %s with 400 on /resume', async (_label, bytes, message) => {
    const before = await count(backend, 'job_applications')
    const response = await backend.handle(
      multipartRequest('application', goodApplication(), { bytes, name: 'cv.docx' }),
    )
    expect(response.status).toBe(400)
    expect((await body(response)).fields).toEqual([{ path: '/resume', message }])
    expect(await count(backend, 'job_applications')).toBe(before)
  })

  it('refuses a zip bomb in [Content_Types].xml without inflating it', async () => {
    const bomb = zip({ '[Content_Types].xml': ' '.repeat(20 * 1024 * 1024), 'word/document.xml': '<w/>' })
    expect(bomb.byteLength).toBeLessThan(5 * 1024 * 1024)
    const response = await backend.handle(
      multipartRequest('application', goodApplication(), { bytes: bomb, name: 'cv.docx' }),
    )
    expect(response.status).toBe(400)
  })

  it('stores a real .docx under the detected extension, whatever the name claimed', async () => {
    const response = await backend.handle(
      multipartRequest('application', goodApplication(), { bytes: files.docx(), name: 'resume.exe' }),
    )
    expect(response.status).toBe(201)
    expect((await row((await body(response)).id)).resume_file_name).toBe('resume.docx')
  })
})

describe('résumé file names', () => {
  it.each([
    ['cv\u202efdp.exe', 'cvfdp.pdf'], // a right-to-left override would show "cvexe.pdf"
    ['\u2067Jane\u2069 CV.pdf', 'Jane CV.pdf'],
    ['zero\u200bwidth\u200d.pdf', 'zerowidth.pdf'],
    ['tab\tand\u0000nul.pdf', 'tabandnul.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
    ['report.docx', 'report.pdf'],
    ['\u202e.pdf', 'resume.pdf'],
  ])('%j becomes %j', (name, expected) => {
    expect(sanitizeFileName(name, 'pdf')).toBe(expected)
  })
})
