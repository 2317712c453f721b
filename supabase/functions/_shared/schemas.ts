/**
 * The one copy of each form schema lives in /schemas, shared with the browser
 * form; import attributes work in Deno, Node 20 (tsx) and Vite alike.
 */

import applicationSchema from '../../../schemas/application.schema.json' with { type: 'json' }
import contactSchema from '../../../schemas/contact.schema.json' with { type: 'json' }
import type { JsonSchemaLike } from './conditional.ts'

export type SubmissionKind = 'lead' | 'application'

export const schemas: Record<SubmissionKind, JsonSchemaLike> = {
  lead: contactSchema,
  application: applicationSchema,
}
