// The job application: its own chunk, loaded only by pages with an application form.
import validateFns from 'virtual:form-validator/application'
import { applicationForm } from '../../forms/application/form'
import { createForm } from './JsonSchemaForm'

export default createForm('application', applicationForm, validateFns)
