/**
 * The results over HTTP: `GET …/functions/v1/results?from=&to=[&locale=&channel=&campaign=]`,
 * answered with aggregates only (results.ts), never a lead's content. Hosted, the caller sends
 * `Authorization: Bearer <RESULTS_TOKEN>`, compared in constant time. The local backend answers
 * its own machine (the page editor's Results view) without a token unless RESULTS_TOKEN is set.
 */
import type { FormRegistry } from '../../../../common/forms/define.ts'
import { errorResponse, json } from '../responses.ts'
import { sameSecret } from '../secret.ts'
import type { SqlClient } from '../store.ts'
import type { Channel } from './channel.ts'
import { checkFilter, type ResultsFilter, readResults } from './results.ts'

export interface ResultsEndpointOptions {
  client: SqlClient
  /** The site's forms: which count as leads, which as applications, which is in steps. */
  forms: FormRegistry
  /** The token callers must send; without one, only loopback callers are answered (local backend). */
  token?: string
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

export function createResultsEndpoint({ client, forms, token }: ResultsEndpointOptions) {
  return async (req: Request, clientIp?: string): Promise<Response> => {
    if (req.method !== 'GET') return errorResponse(405, 'Only GET is accepted.', { Allow: 'GET' })
    const allowed = token
      ? await sameSecret(req.headers.get('authorization') ?? '', `Bearer ${token}`)
      : clientIp !== undefined && LOOPBACK.has(clientIp) && !req.headers.has('x-forwarded-for')
    if (!allowed) return errorResponse(401, 'Unauthorized', {})
    const query = new URL(req.url).searchParams
    const optional = (name: string) => query.get(name) || undefined
    const filter: ResultsFilter = {
      from: query.get('from') ?? '',
      to: query.get('to') ?? '',
      ...(optional('locale') ? { locale: optional('locale') } : {}),
      ...(optional('channel') ? { channel: optional('channel') as Channel } : {}),
      ...(optional('campaign') ? { campaign: optional('campaign') } : {}),
    }
    const problem = checkFilter(filter)
    if (problem) return errorResponse(400, problem, {})
    return json(200, await readResults(client, filter, forms))
  }
}
