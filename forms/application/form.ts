// The job application: personal details, eligibility, licences, background and an optional résumé.
import type { FormDefinition } from '../../common/forms/define.ts'
import schema from './schema.json' with { type: 'json' }
import uiSchema from './uischema.json' with { type: 'json' }

export const applicationForm: FormDefinition = {
  schema,
  uiSchema,
  functionName: 'submit-application',
  table: 'job_applications',
  counts: 'application',
  patterns: {
    phone:
      'Enter a phone number with its area code, like (407) 555-0123, or an international one like +44 20 7946 0958.',
    zipCode: 'Enter a 5-digit ZIP code, or ZIP+4 like 32801-1234.',
  },
  notification: {
    // Never the background answers (criminal, drug, discipline, termination) nor the résumé:
    // staff read those where they are stored.
    fields: [
      'firstName',
      'lastName',
      'email',
      'phone',
      'city',
      'positionType',
      'shiftAvailability',
      'floridaLicenses',
      'securityExperience',
    ],
    subject: 'New job application from {firstName} {lastName}',
  },
  file: {
    field: 'resume',
    label: 'Resume (optional)',
    // What the function accepts (supabase/functions/_shared/resume.ts): no legacy .doc files.
    extensions: ['.pdf', '.docx'],
    accept: '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    maxBytes: 5 * 1024 * 1024,
  },
}
