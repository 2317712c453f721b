// The order: a name, a phone number or an e-mail address (at least one: the schema's anyOf, so
// each is shown "only if" the other is not given), and what to bake for when. Stored as a lead.
import type { FormDefinition } from '../../../../common/forms/define.ts'
import schema from './schema.json' with { type: 'json' }
import uiSchema from './uischema.json' with { type: 'json' }

export const orderForm: FormDefinition = {
  schema,
  uiSchema,
  functionName: 'submit-order',
  table: 'leads',
  counts: 'lead',
  notification: { fields: ['name', 'phone', 'email', 'message'], subject: 'Nouvelle commande de {name}' },
}
