import { FORM_KINDS } from '@site/forms/kinds'
import { FORMS } from '@site/forms/registry'
import { WORDING } from '@site/forms/wording/index'
import { thankYouPath } from '../../../common/forms/define'
import { anchorId, heading, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

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

export default defineBlock(formSchema, {
  hydrate: 'load',
  // The form's site-wide words (site.yaml texts.form: the "not sent" messages, its states), the
  // page's language, for the form and its submission, and the page's thank-you page in that
  // language (the English one's translation), where a form sent without JavaScript leads.
  // In another language, the form's words and the messages' sentences in it, so a page ships
  // only its own language's.
  resolve: ({ form }, { page, index }) => {
    const thanks = index.equivalentOf(thankYouPath(page.meta.translationOf ?? page.path))
    const translation = FORMS[form].translations?.[index.locale]
    const wording = WORDING[index.locale]
    return {
      texts: index.site.texts.form,
      locale: index.locale,
      ...(thanks ? { thanks } : {}),
      ...(translation && wording ? { translation, wording } : {}),
    }
  },
  nonTextFields: ['form', 'texts', 'locale', 'thanks', 'translation', 'wording'],
  // The form's code loads after the page; its stylesheet is linked in the prerendered HTML so
  // the prerendered form is styled before any script runs.
  assets: ({ form }) => [`src/forms/${form}-form.tsx`],
})
