// The consultation request form: its own chunk, loaded only by pages with a contact form.
import validateFns from 'virtual:form-validator/contact'
import { contactForm } from '../../forms/contact/form'
import { createForm } from './JsonSchemaForm'

export default createForm('contact', contactForm, validateFns)
