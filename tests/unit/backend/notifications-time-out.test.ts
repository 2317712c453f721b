// @vitest-environment node
// A receiver that takes the request and never answers costs one attempt, not the deliverer:
// the attempt fails after the timeout (10 s by default; shortened here) and is retried later.
import { describe, expect, it } from 'vitest'
import { FORMS } from '../../../forms/registry.ts'
import { createSenders } from '../../../supabase/functions/_shared/notifications/channels.ts'
import { startReceiver } from './receiver.ts'

describe('a webhook receiver that does not answer', () => {
  it('fails the attempt after the timeout, saying so', async () => {
    const receiver = await startReceiver(() => () => undefined) // reads the request, never answers
    try {
      const { webhook } = createSenders(
        { webhook: { url: receiver.url, secret: 's' } },
        { forms: FORMS, timeoutMs: 300 },
      )
      const payload = { kind: 'contact' as const, fields: {}, recordId: 'r', submittedAt: '2026-11-23T00:00:00Z' }
      await expect(webhook!({ id: 'n-1', payload }, new AbortController().signal)).rejects.toThrow(
        'no answer within 0.3 s',
      )
      expect(receiver.received).toHaveLength(1)
    } finally {
      await receiver.close()
    }
  }, 30_000)
})
