/**
 * Every form, by kind. The functions, the local backend, the build and the tests read this;
 * the browser imports only its own form's folder, so one form's schema never ships with another.
 */

import type { FormDefinition } from '../common/forms/define.ts'
import applicationEs from './application/es.json' with { type: 'json' }
import { applicationForm } from './application/form.ts'
import contactEs from './contact/es.json' with { type: 'json' }
import { contactForm } from './contact/form.ts'
import type { FormKind } from './kinds.ts'
import quoteEs from './quote/es.json' with { type: 'json' }
import { quoteForm } from './quote/form.ts'
import { WORDING } from './wording/index.ts'

// A form's words in other languages (forms/<kind>/<locale>.json) and the messages' sentences in
// them (forms/wording/) are added here, not in its form.ts: a page's form gets its own language's
// words from the build, and the functions word a submission's problems in its language.
export const FORMS: Readonly<Record<FormKind, FormDefinition>> = {
  contact: { ...contactForm, translations: { es: contactEs }, wording: WORDING },
  application: { ...applicationForm, translations: { es: applicationEs }, wording: WORDING },
  quote: { ...quoteForm, translations: { es: quoteEs }, wording: WORDING },
}

export { FORM_KINDS, type FormKind } from './kinds.ts'
