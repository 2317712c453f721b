// The consultation request form: its own chunk, loaded only by pages with a contact form.
import validate from 'virtual:form-validator/contact'
import { contactForm } from '../../forms/contact/form'
import { type FormProps, SchemaForm } from './SchemaForm'

export default function ContactForm(props: FormProps) {
  return <SchemaForm kind="contact" form={contactForm} validate={validate} {...props} />
}
