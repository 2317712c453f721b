/**
 * The form schemas, read from the form registry (forms/), which the browser form, the build
 * and the tests read too; import attributes work in Deno, Node 20 (tsx) and Vite alike.
 */

import type { JsonSchemaLike } from '../../../common/forms/conditional.ts'
import type { FormKind } from '../../../forms/kinds.ts'
import { FORMS } from '../../../forms/registry.ts'

/** The registry's form kind: `contact` (table leads) or `application` (table job_applications). */
export type SubmissionKind = FormKind

export const schemas = Object.fromEntries(Object.entries(FORMS).map(([kind, form]) => [kind, form.schema])) as Record<
  SubmissionKind,
  JsonSchemaLike
>
