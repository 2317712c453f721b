/** The bakery's forms, by kind, with their words in each of its languages (forms/<kind>/<locale>.json). */
import type { FormDefinition } from '../../../common/forms/define.ts'
import type { FormKind } from './kinds.ts'
import orderDe from './order/de.json' with { type: 'json' }
import { orderForm } from './order/form.ts'
import orderFr from './order/fr.json' with { type: 'json' }
import { WORDING } from './wording/index.ts'

export const FORMS: Readonly<Record<FormKind, FormDefinition>> = {
  order: { ...orderForm, translations: { fr: orderFr, de: orderDe }, wording: WORDING },
}

export { FORM_KINDS, type FormKind } from './kinds.ts'
