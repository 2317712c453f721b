import { FORM_KINDS, type FormKind } from '@site/forms/kinds'
import { FORMS } from '@site/forms/registry'
import { WORDING } from '@site/forms/wording/index'
import { thankYouPath } from '../../../common/forms/define'
import { anchorId, heading, text } from '../../content/schema-parts'
import { type BlockContext, defineBlock } from '../define'

/** A pop-up message (toast) shown after submitting: its title and text, with examples for one case. */
const toast = <Title extends string, Text extends string>(titleExample: Title, textExample: Text) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['title', 'text'],
    properties: {
      title: {
        type: 'string',
        minLength: 1,
        maxLength: 60,
        description: "The message's title, in bold: a few words (up to 60 characters).",
        examples: [titleExample],
      },
      text: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: "The message's text under its title: one or two sentences (up to 200 characters).",
        examples: [textExample],
      },
    },
  }) as const

const formSchema = {
  title: 'Form',
  description:
    "One of the site's two forms, generated from its JSON Schema in forms/<kind>/: the consultation request (`contact`) or the job application (`application`). The texts of its button and messages are set here.",
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'form', 'submitLabel', 'submittingLabel', 'success', 'failure'],
  properties: {
    anchor: anchorId,
    heading: {
      ...heading,
      description: 'The heading above the form (up to 140 characters).',
      examples: ['Request Consultation', 'Apply to Join Our Team'],
    },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the form, e.g. what happens after sending.',
      examples: ['Everything you share stays with us. We reply within one working day.'],
    },
    form: {
      enum: FORM_KINDS,
      description:
        'Which form: `contact` (the consultation request) or `application` (the job application). Its fields are defined in forms/<kind>/schema.json, not here.',
      examples: ['contact', 'application'],
    },
    submitLabel: {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      description: 'The text on the submit button (up to 40 characters).',
      examples: ['Request Consultation', 'Submit Application'],
    },
    submittingLabel: {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      description: 'The text on the button while the form is being sent (up to 40 characters).',
      examples: ['Submitting...', 'Sending...'],
    },
    success: {
      ...toast('Message Received', "We'll contact you within 24 hours for a confidential consultation."),
      description: 'The pop-up message shown when the form was received.',
    },
    thankYouPage: {
      type: 'string',
      pattern: '^/',
      description:
        'Where the form leads once sent without JavaScript, when this page has no thank-you page of its own (`<page>/thank-you`): e.g. /contact-us/thank-you, or its translation on a translated page.',
      examples: ['/contact-us/thank-you'],
    },
    preset: {
      type: 'object',
      additionalProperties: false,
      description:
        "Optional answers filled in for the visitor, which they may change. The quote form presets by itself the service of a service page and the city of a city page (`meta.city`); write `service` here for another page's.",
      properties: {
        service: {
          type: 'string',
          pattern: '^[a-z-]+$',
          description: "The service chosen in the form, by its value in the form's schema (e.g. executive-protection).",
          examples: ['executive-protection'],
        },
      },
    },
    failure: {
      ...toast(
        'Submission Error',
        'There was a problem submitting your request. Please try again or call us directly.',
      ),
      description:
        'The pop-up message shown when sending failed (everything typed is kept, so the visitor can try again).',
    },
  },
  examples: [
    {
      heading: 'Request Consultation',
      form: 'contact',
      submitLabel: 'Request Consultation',
      submittingLabel: 'Submitting...',
      success: {
        title: 'Message Received',
        text: "We'll contact you within 24 hours for a confidential consultation.",
      },
      failure: {
        title: 'Submission Error',
        text: 'There was a problem submitting your request. Please try again or call us directly.',
      },
    },
  ],
} as const

/**
 * The answers a page presets, among the fields its form has: the service of a service page (whose
 * address, or that of the page it translates, ends in the service's value), the city of a city
 * page (`meta.city`), and what the block's `preset` says.
 */
function presetValues(
  form: FormKind,
  preset: { service?: string } | undefined,
  { page }: BlockContext,
): Record<string, string> | undefined {
  const fields = (FORMS[form].schema.properties ?? {}) as Record<string, { oneOf?: { const: unknown }[] }>
  // The page in the site's first language: its address ends in the service's value.
  const source = page.meta.translationOf ?? page.path
  const service = fields.service?.oneOf?.map((o) => String(o.const)).find((value) => source.endsWith(`/${value}`))
  const values = Object.entries({ service, city: page.meta.city, ...preset }).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] in fields,
  )
  return values.length ? Object.fromEntries(values) : undefined
}

// The words a form uses only in steps, with a file or with conditional questions: a form without
// them is sent (embedded in each page that holds it, e.g. every landing page's quote form)
// without them, so the page's HTML fits the first round trip.
const STEP_TEXTS = ['next', 'back', 'startOver', 'confirmStartOver', 'stepHeading', 'stepProgress', 'review']
const REVIEW_TEXTS = ['edit', 'noAnswers', 'yes', 'no']
const FILE_TEXTS = ['fileType', 'fileSize', 'fileNotAttached', 'fileLost']
const CONDITION_TEXTS = ['onlyIfAnswered', 'onlyIfNot', 'onlyIfApplies']
const FILE_WORDING = ['resumeNotAResume', 'resumeLegacyWord', 'resumeMacros', 'noFiles']

/** The site's form texts this form can show (the type stays whole: the others are never read). */
function shippedTexts<T extends object>(form: FormKind, texts: T): T {
  const { schema, uiSchema, file } = FORMS[form]
  const stepped = !!(uiSchema['ui:options'] as { groups?: unknown } | undefined)?.groups
  const conditional = JSON.stringify(schema).includes('"if":')
  const left = [
    ...(stepped ? [] : [...STEP_TEXTS, ...REVIEW_TEXTS]),
    ...(file ? [] : FILE_TEXTS),
    ...(conditional ? [] : CONDITION_TEXTS),
  ]
  return Object.fromEntries(Object.entries(texts).filter(([key]) => !left.includes(key))) as T
}

/** Sentences only a schema with one of these keywords (or `type:` values) can call for. */
const KEYWORD_WORDING: Record<string, readonly string[]> = {
  integer: ['type:integer'],
  number: ['type:number'],
  array: ['type:array'],
  uniqueItems: ['uniqueItems'],
  maxItems: ['maxItems'],
  minimum: ['minimum'],
  maximum: ['maximum'],
}

/** Every keyword the schema uses anywhere, and each type it names as `type:<name>`. */
function vocabularyOf(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const part of schema) vocabularyOf(part, found)
  else if (schema && typeof schema === 'object')
    for (const [key, value] of Object.entries(schema)) {
      found.add(key)
      if (key === 'type') for (const type of [value].flat()) found.add(`type:${type}`)
      vocabularyOf(value, found)
    }
  return found
}

/**
 * The messages' sentences this form's browser code can word: not a file's (those come from the
 * function) for a form without one, nor those of keywords its schema does not use.
 */
function shippedWording<T extends object>(form: FormKind, wording: T): T {
  const { schema, file } = FORMS[form]
  const vocabulary = vocabularyOf(schema)
  const sayable = (key: string) =>
    (file || !FILE_WORDING.includes(key)) && (KEYWORD_WORDING[key]?.some((k) => vocabulary.has(k)) ?? true)
  return Object.fromEntries(Object.entries(wording).filter(([key]) => sayable(key))) as T
}

export default defineBlock(formSchema, {
  hydrate: 'load',
  rendersForm: true,
  // The form's site-wide words (site.yaml texts.form: the "not sent" messages, its states), the
  // page's language, for the form and its submission, and the page's thank-you page in that
  // language (the English one's translation), where a form sent without JavaScript leads.
  // In another language, the form's words and the messages' sentences in it, so a page ships
  // only its own language's.
  resolve: ({ form, preset, thankYouPage }, { page, index }) => {
    const own = index.equivalentOf(thankYouPath(page.meta.translationOf ?? page.path))
    const thanks = own ?? (thankYouPage && (index.equivalentOf(thankYouPage) ?? thankYouPage))
    const translation = FORMS[form].translations?.[index.locale]
    const wording = WORDING[index.locale]
    const values = presetValues(form, preset, { page, index })
    return {
      texts: shippedTexts(form, index.site.texts.form),
      locale: index.locale,
      ...(thanks ? { thanks } : {}),
      ...(translation && wording ? { translation, wording: shippedWording(form, wording) } : {}),
      ...(values ? { values } : {}),
    }
  },
  nonTextFields: ['form', 'texts', 'locale', 'thanks', 'translation', 'wording', 'values', 'preset', 'thankYouPage'],
  linkFields: ['thankYouPage'],
  // The form's code loads after the page; its stylesheet is linked in the prerendered HTML so
  // the prerendered form is styled before any script runs.
  assets: ({ form }) => [`src/forms/${form}-form.tsx`],
})
