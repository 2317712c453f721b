// The job application: its own chunk, loaded only by pages with an application form.
import validate from 'virtual:form-validator/application'
import { applicationForm } from '../../forms/application/form'
import { type FormProps, SchemaForm } from './SchemaForm'

export default function ApplicationForm(props: FormProps) {
  return <SchemaForm kind="application" form={applicationForm} validate={validate} {...props} />
}
