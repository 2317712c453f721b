// Hands a form to the backend through supabase-js `functions.invoke`. supabase-js is loaded
// on the first submission only, never with the page.
import type { SupabaseClient } from '@supabase/supabase-js'
import { type RetryOptions, SubmissionError, withRetry } from './retry'

export type FunctionName = 'submit-lead' | 'submit-application'

let client: Promise<SupabaseClient> | undefined
const getClient = () =>
  (client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    // Without a configured project, the embedded local backend answers on this site's origin.
    createClient(
      import.meta.env.VITE_SUPABASE_URL || window.location.origin,
      import.meta.env.VITE_SUPABASE_ANON_KEY || 'local-anon-key',
    ),
  ))

async function toSubmissionError(error: unknown): Promise<SubmissionError> {
  const response = (error as { context?: unknown }).context
  if (!(response instanceof Response)) {
    // No answer at all (offline, DNS, connection reset): worth another try.
    return new SubmissionError('The request did not reach the server', undefined, true)
  }
  const status = response.status
  const body = (await response.json().catch(() => ({}))) as {
    error?: string
    fields?: { path: string; message: string }[]
  }
  const retryAfter = Number(response.headers.get('Retry-After'))
  return new SubmissionError(
    body.error ?? `HTTP ${status}`,
    status,
    status >= 500 || status === 429,
    body.fields ?? [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
  )
}

export async function submitForm(
  functionName: FunctionName,
  payload: Record<string, unknown>,
  resume: File | null,
  retryOptions?: RetryOptions,
): Promise<void> {
  const supabase = await getClient()
  const idempotencyKey = String(payload.idempotencyKey)
  await withRetry(async () => {
    let body: FormData | Record<string, unknown> = payload
    if (resume) {
      body = new FormData()
      body.append('payload', JSON.stringify(payload))
      body.append('resume', resume, resume.name)
    }
    const { error } = await supabase.functions.invoke(functionName, {
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
    if (error) throw await toSubmissionError(error)
  }, retryOptions)
}
