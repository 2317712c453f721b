import { anchorId, heading, text } from '../_shared/schema-parts'

export const formSchema = {
  title: 'Form',
  description: 'One of the site\'s two forms, generated from its JSON Schema in schemas/: the consultation request (`contact`) or the job application (`application`).',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'form'],
  properties: {
    anchor: anchorId,
    heading,
    intro: text,
    form: { enum: ['contact', 'application'], description: 'Which form.' },
  },
  examples: [{ heading: 'Request a Consultation', form: 'contact' }],
} as const
