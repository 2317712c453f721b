/**
 * Where résumé bytes go. Locally they sit in the row (resume_data bytea) so a
 * single PGlite directory holds everything; on Supabase they go to the private
 * `resumes` bucket through the Storage REST API, keeping the table small.
 *
 * Every upload gets a fresh random object name and never overwrites (no
 * upsert): two requests racing on one submission key cannot replace each
 * other's file, and the file a stored row names is the file that was checked.
 */
import type { ResumeType } from './resume.ts'

export interface ResumeToSave {
  bytes: Uint8Array
  type: ResumeType
}

export interface SavedResume {
  /** Object path in the private `resumes` bucket (hosted). */
  path?: string
  /** The bytes themselves, kept in resume_data (local backend). */
  data?: Uint8Array
}

export interface ResumeStorage {
  /**
   * True when saving is a side effect of its own (an upload), which must wait for the
   * submission key to be claimed; false when the bytes simply go into the row.
   */
  external: boolean
  save(resume: ResumeToSave): Promise<SavedResume>
  /** Removes what `save` stored, when the submission could not be kept after all. */
  remove(saved: SavedResume): Promise<void>
  /** Deletes stored files by the path their rows name ("resumes/<name>"): the retention job. None for bytes in rows. */
  removePaths?: (paths: string[]) => Promise<void>
}

export const inlineResumeStorage: ResumeStorage = {
  external: false,
  save: (resume) => Promise.resolve({ data: resume.bytes }),
  remove: () => Promise.resolve(),
}

export interface StorageOptions {
  /** SUPABASE_URL, e.g. https://xyz.supabase.co */
  supabaseUrl: string
  serviceRoleKey: string
  bucket?: string
  fetch?: typeof fetch
}

export function createBucketResumeStorage(options: StorageOptions): ResumeStorage {
  const bucket = options.bucket ?? 'resumes'
  const doFetch = options.fetch ?? fetch
  const base = `${options.supabaseUrl.replace(/\/+$/, '')}/storage/v1/object`
  const auth = { authorization: `Bearer ${options.serviceRoleKey}`, apikey: options.serviceRoleKey }
  return {
    external: true,
    async save(resume) {
      const name = `${crypto.randomUUID()}.${resume.type.extension}`
      const response = await doFetch(`${base}/${bucket}/${name}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': resume.type.mime, 'x-upsert': 'false' },
        body: resume.bytes as BodyInit,
      })
      // The answer text is the storage service's; only its status is worth logging.
      await response.body?.cancel()
      if (!response.ok) throw new Error(`Storage upload failed with HTTP ${response.status}`)
      return { path: `${bucket}/${name}` }
    },
    async remove(saved) {
      if (saved.path === undefined) return
      const [pathBucket, ...rest] = saved.path.split('/')
      await deleteObjects(doFetch, base, auth, pathBucket, [rest.join('/')])
    },
    async removePaths(paths) {
      const byBucket = new Map<string, string[]>()
      for (const path of paths) {
        const [pathBucket, ...name] = path.split('/')
        byBucket.set(pathBucket, [...(byBucket.get(pathBucket) ?? []), name.join('/')])
      }
      for (const [pathBucket, names] of byBucket) await deleteObjects(doFetch, base, auth, pathBucket, names)
    },
  }
}

/** Deletes objects by name through the Storage API. */
async function deleteObjects(
  doFetch: typeof fetch,
  objectApiBase: string,
  auth: Record<string, string>,
  bucket: string,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return
  const response = await doFetch(`${objectApiBase}/${bucket}`, {
    method: 'DELETE',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ prefixes: names }),
  })
  await response.body?.cancel()
  if (!response.ok) throw new Error(`Storage delete failed with HTTP ${response.status}`)
}
