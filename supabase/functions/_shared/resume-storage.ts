/**
 * Where résumé bytes go. Locally they sit in the row (resume_data bytea) so a
 * single PGlite directory holds everything; on Supabase they go to the private
 * `resumes` bucket through the Storage REST API, keeping the table small.
 */
import type { ResumeType } from './resume.ts'

export interface ResumeToSave {
  bytes: Uint8Array
  fileName: string
  type: ResumeType
  idempotencyKey: string
}

export type ResumeSaver = (resume: ResumeToSave) => Promise<{ path?: string; data?: Uint8Array }>

export const inlineResumeSaver: ResumeSaver = (resume) => Promise.resolve({ data: resume.bytes })

export interface StorageSaverOptions {
  /** SUPABASE_URL, e.g. https://xyz.supabase.co */
  supabaseUrl: string
  serviceRoleKey: string
  bucket?: string
  fetch?: typeof fetch
}

export function createStorageResumeSaver(options: StorageSaverOptions): ResumeSaver {
  const bucket = options.bucket ?? 'resumes'
  const doFetch = options.fetch ?? fetch
  return async (resume) => {
    // One object per submission key: a retried request writes the same path.
    const path = `${resume.idempotencyKey}/resume.${resume.type.extension}`
    const url = `${options.supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/${bucket}/${path}`
    const response = await doFetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.serviceRoleKey}`,
        apikey: options.serviceRoleKey,
        'content-type': resume.type.mime,
        'x-upsert': 'true',
      },
      body: resume.bytes as BodyInit,
    })
    if (!response.ok) {
      throw new Error(`Storage upload failed with ${response.status}: ${await response.text().catch(() => '')}`)
    }
    return { path: `${bucket}/${path}` }
  }
}
