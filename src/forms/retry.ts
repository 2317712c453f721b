// Transient failures (network error, 5xx) are retried up to 3 times with exponential
// back-off capped at 30 s; the submission carries one idempotency key throughout, so a
// request that did reach the server is still stored once.
export class SubmissionError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly transient: boolean,
    readonly fields: { path: string; message: string }[] = [],
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.name = 'SubmissionError'
  }
}

export type RetryOptions = { retries?: number; baseMs?: number; capMs?: number; sleep?: (ms: number) => Promise<void> }

export function backoffDelay(
  retry: number,
  { baseMs = 1000, capMs = 30_000 }: RetryOptions = {},
  retryAfterMs?: number,
): number {
  const exponential = baseMs * 2 ** retry
  return Math.min(capMs, Math.max(exponential, retryAfterMs ?? 0))
}

export async function withRetry<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = 3, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) } = options
  for (let retry = 0; ; retry++) {
    try {
      return await attempt()
    } catch (error) {
      const transient = !(error instanceof SubmissionError) || error.transient
      if (!transient || retry >= retries) throw error
      await sleep(backoffDelay(retry, options, error instanceof SubmissionError ? error.retryAfterMs : undefined))
    }
  }
}
