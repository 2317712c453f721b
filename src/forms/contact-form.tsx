// The consultation request form: its own chunk, loaded only by pages with a contact form.

import validateFns from 'virtual:form-validator/contact'
import type { RJSFSchema } from '@rjsf/utils'
import { createPrecompiledValidator } from '@rjsf/validator-ajv8'
import sharedSchema from '../../schemas/contact.schema.json'
import uiSchema from '../../schemas/contact.uischema.json'
import { browserSchema } from './form-schemas'
import { type FormTexts, SchemaForm } from './SchemaForm'

const schema = browserSchema(sharedSchema) as RJSFSchema
const validator = createPrecompiledValidator<Record<string, unknown>, RJSFSchema>(validateFns, schema)

export default function ContactForm({ texts }: { texts: FormTexts }) {
  return (
    <SchemaForm
      functionName="submit-lead"
      schema={schema}
      sharedSchema={sharedSchema}
      uiSchema={uiSchema}
      validator={validator}
      texts={texts}
    />
  )
}
