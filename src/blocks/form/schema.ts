import { anchorId, heading, text } from '../_shared/schema-parts'

const toast = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'text'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 60 }, text: { type: 'string', minLength: 1, maxLength: 200 } },
} as const

export const formSchema = {
  title: 'Form',
  description: 'One of the site\'s two forms, generated from its JSON Schema in schemas/: the consultation request (`contact`) or the job application (`application`). The texts of its button and messages are set here.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'form', 'submitLabel', 'submittingLabel', 'success', 'failure'],
  properties: {
    anchor: anchorId,
    heading,
    intro: text,
    form: { enum: ['contact', 'application'], description: 'Which form.' },
    submitLabel: { type: 'string', minLength: 1, maxLength: 40, description: 'The submit button.' },
    submittingLabel: { type: 'string', minLength: 1, maxLength: 40, description: 'The button while sending, e.g. Submitting...' },
    success: { ...toast, description: 'The message shown when the form was received.' },
    failure: { ...toast, description: 'The message shown when sending failed (everything typed is kept).' },
  },
  examples: [{
    heading: 'Request Consultation', form: 'contact', submitLabel: 'Request Consultation', submittingLabel: 'Submitting...',
    success: { title: 'Message Received', text: "We'll contact you within 24 hours for a confidential consultation." },
    failure: { title: 'Submission Error', text: 'There was a problem submitting your request. Please try again or call us directly.' },
  }],
} as const
