// The job application: its own chunk, loaded only by pages with an application form.

import validateFns from 'virtual:form-validator/application'
import type { RJSFSchema } from '@rjsf/utils'
import { createPrecompiledValidator } from '@rjsf/validator-ajv8'
import { useState } from 'react'
import sharedSchema from '../../schemas/application.schema.json'
import uiSchema from '../../schemas/application.uischema.json'
import { browserSchema } from './form-schemas'
import { ResumeInput, resumeProblem } from './ResumeInput'
import { type FormTexts, SchemaForm } from './SchemaForm'

const schema = browserSchema(sharedSchema) as RJSFSchema
const validator = createPrecompiledValidator<Record<string, unknown>, RJSFSchema>(validateFns, schema)

export default function ApplicationForm({ texts }: { texts: FormTexts }) {
  const [resume, setResume] = useState<File | null>(null)
  const [inputKey, setInputKey] = useState(0)
  return (
    <SchemaForm
      functionName="submit-application"
      schema={schema}
      sharedSchema={sharedSchema}
      uiSchema={uiSchema}
      validator={validator}
      texts={texts}
      file={resume}
      checkExtra={() => resumeProblem(resume)}
      onReset={() => {
        setResume(null)
        setInputKey((k) => k + 1)
      }}
      extra={({ disabled }) => <ResumeInput key={inputKey} file={resume} onChange={setResume} disabled={disabled} />}
    />
  )
}
