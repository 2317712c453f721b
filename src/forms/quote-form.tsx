// The quote request form: its own chunk, loaded only by pages with a quote form.
import validateFns from 'virtual:form-validator/quote'
import { quoteForm } from '../../forms/quote/form'
import { createForm } from './JsonSchemaForm'

export default createForm('quote', quoteForm, validateFns)
