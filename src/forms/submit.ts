// Hands a form to the backend through supabase-js `functions.invoke`. supabase-js is loaded
// on the first submission only, never with the page.
import type { SupabaseClient } from '@supabase/supabase-js'
import { type RetryOptions, SubmissionError, withRetry } from './retry'

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
  const retryAfterMs = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined
  // A rate limit is reported at once with how long to wait, not retried behind the visitor's back.
  return new SubmissionError(body.error ?? `HTTP ${status}`, status, status >= 500, body.fields ?? [], retryAfterMs)
}

export async function submitForm(
  functionName: string,
  payload: Record<string, unknown>,
  attachment: { field: string; file: File } | null,
  retryOptions?: RetryOptions,
): Promise<void> {
  // Offline, nothing can be sent: say so at once instead of retrying for a minute.
  if (!navigator.onLine) throw new SubmissionError('The browser is offline', undefined, false)
  const supabase = await getClient()
  const idempotencyKey = String(payload.idempotencyKey)
  await withRetry(async () => {
    let body: FormData | Record<string, unknown> = payload
    if (attachment) {
      body = new FormData()
      body.append('payload', JSON.stringify(payload))
      body.append(attachment.field, attachment.file, attachment.file.name)
    }
    const { error } = await supabase.functions.invoke(functionName, {
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
    if (error) throw await toSubmissionError(error)
  }, retryOptions)
}
