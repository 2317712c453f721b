/**
 * What may be said about a failure. Driver errors carry the SQL, the failing
 * row ("Failing row contains (…)") and the values that broke a constraint, so
 * logs get the SQLSTATE code and the constraint's name, never the message.
 */

export interface FailureSummary {
  /** SQLSTATE (e.g. "23514"), or the JavaScript error name when there is none. */
  code: string
  constraint?: string
  /** For errors without SQLSTATE: the innermost stack frame ("at fn (file:line:col)"), never the message. */
  at?: string
}

export function summarise(error: unknown): FailureSummary {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>
  const sqlState = typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) ? fields.code : undefined
  // PGlite names it `constraint`, postgres.js `constraint_name`.
  const constraint = [fields.constraint, fields.constraint_name].find((value) => typeof value === 'string') as
    | string
    | undefined
  if (sqlState !== undefined) return constraint ? { code: sqlState, constraint } : { code: sqlState }
  if (!(error instanceof Error)) return { code: typeof error }
  const at = error.stack
    ?.split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at '))
  return at ? { code: error.name, at } : { code: error.name }
}

/**
 * Class 22 (data exception: bad encoding, value out of range…) and class 23
 * (integrity constraint violation) are caused by what was sent: retrying the
 * same request cannot succeed, so the answer is a 400, not a retried 500.
 */
export function isBadDataError(summary: FailureSummary): boolean {
  return /^2[23][0-9A-Z]{3}$/.test(summary.code)
}
