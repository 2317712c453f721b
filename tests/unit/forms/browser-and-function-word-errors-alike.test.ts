// One translation of schema errors: the browser form (rjsf with its precompiled validator and
// our transformErrors) and the function's ajv report the same message for the same answer (the
// ZIP code, the phone number, a missing field).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RJSFSchema, ValidatorType } from '@rjsf/utils'
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { browserSchema, translatedSchema } from '../../../common/forms/define'
import type { FieldError } from '../../../common/forms/messages'
import { FORMS, type FormKind } from '../../../forms/registry'
import { WORDING } from '../../../forms/wording/index'
import { errorTransformer } from '../../../src/forms/derive'
import { formValidatorCode } from '../../../src/vite/form-validators'
import { createValidator } from '../../../supabase/functions/_shared/validate'
import { goodApplication, goodLead, goodQuote } from '../backend/helpers'

const browser: Partial<Record<FormKind, ValidatorType>> = {}

beforeAll(async () => {
  // The virtual module's code, written where node can resolve its ajv runtime imports.
  const dir = resolve('.cache/test-validators')
  mkdirSync(dir, { recursive: true })
  for (const kind of ['contact', 'application', 'quote'] as const) {
    const file = join(dir, `${kind}.mjs`)
    writeFileSync(file, formValidatorCode(kind, FORMS[kind]))
    const validateFns = (await import(pathToFileURL(file).href)).default
    browser[kind] = createPrecompiledValidator(validateFns, browserSchema(FORMS[kind]) as RJSFSchema)
  }
})

function inBrowser(kind: FormKind, answers: Record<string, unknown>, locale?: string): FieldError[] {
  const schema = browserSchema(FORMS[kind]) as RJSFSchema
  // As the form does it in another language: the same schema and validator, translated words.
  const translation = locale ? FORMS[kind].translations?.[locale] : undefined
  const words = errorTransformer(
    translatedSchema(schema, translation),
    translation && locale
      ? { wording: WORDING[locale], patterns: translation.patterns, atLeastOne: translation.atLeastOne }
      : { patterns: FORMS[kind].patterns },
  )
  const { errors } = browser[kind]!.validateFormData(answers, schema, undefined, words)
  return errors.map((e) => ({ path: `/${(e.property ?? '').slice(1).replaceAll('.', '/')}`, message: e.message ?? '' }))
}

function inFunction(kind: FormKind, answers: Record<string, unknown>): FieldError[] {
  const result = createValidator(FORMS[kind])(answers)
  return result.ok ? [] : result.fields
}

/** A quote as the visitor types it: the page is the form's code's, not an answer. */
function typedQuote(overrides: Record<string, unknown>) {
  const { page: _page, ...typed } = goodQuote(overrides)
  return typed
}

describe('schema errors are worded once, for the browser and the function alike', () => {
  it.each([
    ['a short ZIP code', 'application' as const, goodApplication({ zipCode: '3280' }), '/zipCode'],
    ['a ZIP+4 with a slash', 'application' as const, goodApplication({ zipCode: '32801/1234' }), '/zipCode'],
    ['a phone number of letters', 'contact' as const, goodLead({ phone: 'call me' }), '/phone'],
    ['a missing name', 'contact' as const, goodLead({ name: undefined }), '/name'],
    ['an e-mail without a domain', 'contact' as const, goodLead({ email: 'jane@localhost' }), '/email'],
    ['a quote with neither phone nor e-mail', 'quote' as const, typedQuote({ phone: undefined }), '/phone,/email'],
  ])('%s', (_, kind, answers, path) => {
    const { idempotencyKey, ...visitorAnswers } = answers
    const browserErrors = inBrowser(kind, visitorAnswers)
    expect(browserErrors.map((e) => e.path).join()).toEqual(path)
    expect(inFunction(kind, { ...visitorAnswers, idempotencyKey })).toEqual(browserErrors)
  })

  it('has one ZIP message, which mentions ZIP+4 (the schema accepts it)', () => {
    const [error] = inBrowser('application', goodApplication({ zipCode: '1', idempotencyKey: undefined }))
    expect(error.message).toBe('Enter a 5-digit ZIP code, or ZIP+4 like 32801-1234.')
    expect(inFunction('application', goodApplication({ zipCode: '32801-1234' }))).toEqual([])
  })

  it.each([
    '+44 20 7946 0958',
    '+1 (407) 555-0123',
    '(407) 555-0123',
    '407.555.0123',
    '+33 1 42 68 53 00',
    '+971 4 123 4567',
    '030 1234567',
  ])('accepts the phone number %s', (phone) => {
    expect(inFunction('contact', goodLead({ phone }))).toEqual([])
  })

  it.each(['12345', 'call me', '+44 (0) 20 7946 0958 9999 1234', '--------', '+1-800-FLOWERS'])(
    'refuses the phone number %s',
    (phone) => {
      expect(inFunction('contact', goodLead({ phone })).map((e) => e.path)).toEqual(['/phone'])
    },
  )
})

describe('in Spanish (a submission from the Spanish site carries locale "es")', () => {
  it.each([
    [
      'an e-mail without a domain',
      goodLead({ email: 'maria@localhost' }),
      '/email',
      'Escriba un correo electrónico válido, como nombre@ejemplo.com.',
    ],
    ['a missing name', goodLead({ name: undefined }), '/name', 'Nombre completo: este dato es obligatorio.'],
    [
      'a phone number of letters',
      goodLead({ phone: 'llámenme' }),
      '/phone',
      'Escriba un teléfono con su código de área, como (305) 555-0123, o uno internacional como +34 912 345 678.',
    ],
    [
      'a message that is too long',
      goodLead({ message: 'x'.repeat(5001) }),
      '/message',
      '¿En qué podemos ayudarle?: escriba como máximo 5000 caracteres.',
    ],
  ])('%s: the same Spanish message in the browser and from the function', (_, answers, path, message) => {
    const { idempotencyKey, ...visitorAnswers } = answers
    const browserErrors = inBrowser('contact', visitorAnswers, 'es')
    expect(browserErrors).toEqual([{ path, message }])
    expect(inFunction('contact', { ...visitorAnswers, idempotencyKey, locale: 'es' })).toEqual(browserErrors)
  })

  it("words the quote's phone-or-e-mail rule with its Spanish words, in the browser and from the function", () => {
    const { idempotencyKey, ...visitorAnswers } = typedQuote({ phone: undefined })
    const message = 'Escriba al menos uno de estos datos: Teléfono, Correo electrónico.'
    const browserErrors = inBrowser('quote', visitorAnswers, 'es')
    expect(browserErrors).toEqual([
      { path: '/phone', message },
      { path: '/email', message },
    ])
    expect(inFunction('quote', { ...visitorAnswers, idempotencyKey, locale: 'es' })).toEqual(browserErrors)
  })

  it('answers in English for English, and for a language the form has no words in', () => {
    for (const locale of ['en', 'fr']) {
      expect(inFunction('contact', goodLead({ email: 'maria@localhost', locale }))).toEqual([
        { path: '/email', message: 'Enter a valid email address, like name@example.com.' },
      ])
    }
  })

  it('refuses a locale that is not a language code, in English', () => {
    expect(inFunction('contact', goodLead({ locale: '../es' })).map((e) => e.path)).toEqual(['/locale'])
  })
})
