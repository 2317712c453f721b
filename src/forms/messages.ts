import type { RJSFValidationError } from '@rjsf/utils'

// ajv's wording ("must match pattern …") becomes a sentence a visitor understands.
export function readableError(error: RJSFValidationError): RJSFValidationError {
  const field = String(error.property ?? '').replace(/^\./, '')
  switch (error.name) {
    case 'required':
      return { ...error, message: 'This field is required.' }
    case 'format':
      return {
        ...error,
        message:
          error.params?.format === 'email'
            ? 'Enter a valid e-mail address, e.g. name@example.com.'
            : 'This answer is not in the expected format.',
      }
    case 'pattern':
      return {
        ...error,
        message:
          field === 'zipCode'
            ? 'Enter a 5-digit ZIP code, e.g. 32801.'
            : field === 'phone'
              ? 'Enter a US phone number, e.g. (407) 555-0123.'
              : 'This answer is not in the expected format.',
      }
    case 'maxLength':
      return { ...error, message: `Please shorten this to ${error.params?.limit} characters or fewer.` }
    case 'minLength':
      return { ...error, message: 'This field is required.' }
    case 'minimum':
      return { ...error, message: `Enter ${error.params?.limit} or more.` }
    case 'maximum':
      return { ...error, message: `Enter ${error.params?.limit} or less.` }
    case 'type':
      return {
        ...error,
        message: error.params?.type === 'integer' ? 'Enter a whole number.' : 'Please check this answer.',
      }
    case 'oneOf':
    case 'enum':
    case 'const':
      return { ...error, message: 'Please choose one of the options.' }
    default:
      return error
  }
}
