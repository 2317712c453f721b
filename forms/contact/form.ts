// The consultation request: a prospect's name, e-mail, optional phone and service, and message.
import type { FormDefinition } from '../../common/forms/define.ts'
import schema from './schema.json' with { type: 'json' }
import uiSchema from './uischema.json' with { type: 'json' }

export const contactForm: FormDefinition = {
  schema,
  uiSchema,
  functionName: 'submit-lead',
  table: 'leads',
  counts: 'lead',
  patterns: {
    phone:
      'Enter a phone number with its area code, like (407) 555-0123, or an international one like +44 20 7946 0958.',
  },
  notification: {
    fields: ['name', 'email', 'phone', 'service', 'message'],
    subject: 'New consultation request from {name}',
  },
}
