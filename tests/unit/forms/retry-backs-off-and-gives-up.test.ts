import { describe, expect, it } from 'vitest'
import { backoffDelay, SubmissionError, withRetry } from '../../../src/forms/retry'

describe('submission retries', () => {
  it('backs off exponentially, honours Retry-After, and never waits more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000])
    expect(backoffDelay(0, {}, 5000)).toBe(5000)
    expect(backoffDelay(1, {}, 120_000)).toBe(30_000)
  })

  it('retries network errors, 5xx and 429 up to 3 times, then gives up', async () => {
    const waits: number[] = []
    let calls = 0
    const failing = withRetry(
      async () => {
        calls++
        throw new SubmissionError('busy', 503, true)
      },
      { sleep: async (ms) => void waits.push(ms) },
    )
    await expect(failing).rejects.toThrow('busy')
    expect(calls).toBe(4)
    expect(waits).toEqual([1000, 2000, 4000])
  })

  it('does not retry a refused submission (400, 413, 415)', async () => {
    let calls = 0
    await expect(
      withRetry(
        async () => {
          calls++
          throw new SubmissionError('invalid', 400, false)
        },
        { sleep: async () => {} },
      ),
    ).rejects.toThrow('invalid')
    expect(calls).toBe(1)
  })

  it('returns as soon as an attempt succeeds', async () => {
    let calls = 0
    const result = await withRetry(
      async () => {
        if (++calls < 3) throw new TypeError('Failed to fetch')
        return 'stored'
      },
      { sleep: async () => {} },
    )
    expect(result).toBe('stored')
    expect(calls).toBe(3)
  })
})
