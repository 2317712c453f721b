// The quote request: a short form for a landing page's first screen. A name, and a phone number
// or an e-mail address (at least one: the schema's anyOf), the service and the city the page
// presets, and an optional message. Stored as a lead, with its form's kind.
import type { FormDefinition } from '../../common/forms/define.ts'
import schema from './schema.json' with { type: 'json' }
import uiSchema from './uischema.json' with { type: 'json' }

export const quoteForm: FormDefinition = {
  schema,
  uiSchema,
  functionName: 'submit-quote',
  table: 'leads',
  counts: 'lead',
  patterns: {
    phone:
      'Enter a phone number with its area code, like (407) 555-0123, or an international one like +44 20 7946 0958.',
  },
  notification: {
    fields: ['name', 'phone', 'email', 'service', 'city', 'message'],
    subject: 'New quote request from {name}',
  },
}
