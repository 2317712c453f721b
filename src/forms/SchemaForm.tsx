import { Button, MantineProvider } from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'
import { type IChangeEvent, withTheme } from '@rjsf/core'
import { generateTemplates } from '@rjsf/mantine/lib/templates/index.js'
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js'
import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js'
import TextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js'
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import { inactiveConditionalFields, stripInactiveConditionals } from '../../supabase/functions/_shared/conditional'
import { CheckboxesWidget, RadioWidget } from './existing-descriptions'
import { GroupedObjectFieldTemplate } from './GroupedObjectFieldTemplate'
import { HoneypotWidget } from './HoneypotWidget'
import { readableError } from './messages'
import { SubmissionError } from './retry'
import { type FunctionName, submitForm } from './submit'
import './form-styles.css'

export type FormTexts = {
  submitLabel: string
  submittingLabel: string
  success: { title: string; text: string }
  failure: { title: string; text: string }
}

type Data = Record<string, unknown>

// Only the widgets the two forms use: the full @rjsf/mantine theme also pulls in
// @mantine/dates and dayjs for date widgets we never show.
const ThemedForm = withTheme<Data, RJSFSchema>({
  templates: { ...generateTemplates<Data, RJSFSchema>(), ObjectFieldTemplate: GroupedObjectFieldTemplate },
  widgets: { CheckboxesWidget, CheckboxWidget, RadioWidget, SelectWidget, TextareaWidget, HoneypotWidget },
})

// Our enums are `oneOf` lists of `const` options; rjsf would otherwise pre-select the first
// option of every optional choice (e.g. the service) without the visitor choosing it.
const NO_CONST_DEFAULTS = { constAsDefaults: 'never' } as const

type Props = {
  functionName: FunctionName
  /** The schema the visitor fills in (browserSchema of the shared one): a stable module constant. */
  schema: RJSFSchema
  /** The shared schema in schemas/: its if/then rules say which fields are hidden. */
  sharedSchema: Data
  uiSchema: UiSchema
  validator: ValidatorType<Data, RJSFSchema>
  texts: FormTexts
  /** Extra inputs rendered before the submit button (the resume). */
  extra?: (state: { disabled: boolean }) => ReactNode
  /** The file sent with the form, if any. */
  file?: File | null
  onReset?: () => void
  /** Refuses submission (e.g. an invalid file), returning a message, or undefined when fine. */
  checkExtra?: () => string | undefined
}

export function SchemaForm({
  functionName,
  schema,
  sharedSchema,
  uiSchema,
  validator,
  texts,
  extra,
  file = null,
  onReset,
  checkExtra,
}: Props) {
  const [formData, setFormData] = useState<Data>({})
  const [submitting, setSubmitting] = useState(false)
  const [extraErrors, setExtraErrors] = useState<ErrorSchema<Data> | undefined>()
  const [announcement, setAnnouncement] = useState('')
  const [formKey, setFormKey] = useState(0)
  // One key per filled form: automatic retries and a second click reuse it, so the server
  // stores the submission once; any change to the answers makes a new one.
  const attempt = useRef<{ snapshot: string; key: string } | undefined>(undefined)

  const hidden = inactiveConditionalFields(sharedSchema, formData)
  const hiddenKey = [...hidden].sort().join(',')
  // Rebuilt only when the set of hidden fields changes, not on every keystroke (rjsf #3715).
  const effectiveUiSchema = useMemo(() => {
    const next: UiSchema = { ...uiSchema }
    for (const field of hiddenKey ? hiddenKey.split(',') : [])
      next[field] = { ...(uiSchema[field] as object), 'ui:widget': 'hidden' }
    return next
  }, [uiSchema, hiddenKey])

  const onChange = (event: IChangeEvent<Data>) => {
    setFormData(event.formData ?? {})
    if (extraErrors) setExtraErrors(undefined)
  }

  const onError = (errors: RJSFValidationError[]) => {
    setAnnouncement(
      `${errors.length} ${errors.length === 1 ? 'answer needs' : 'answers need'} your attention. The first one has focus.`,
    )
  }

  const onSubmit = async ({ formData: submitted }: IChangeEvent<Data>) => {
    const problem = checkExtra?.()
    if (problem) {
      setAnnouncement(problem)
      return
    }
    // Hidden conditional answers never leave the browser (rjsf's omitExtraData mishandles
    // if/then, rjsf #4165): the same function strips them again on the server.
    const answers = stripInactiveConditionals(sharedSchema, { ...(submitted ?? {}) }) as Data
    if (file) answers.resumeFileName = file.name
    const snapshot = JSON.stringify([answers, file?.name, file?.size])
    if (attempt.current?.snapshot !== snapshot) attempt.current = { snapshot, key: crypto.randomUUID() }
    const payload = { ...answers, idempotencyKey: attempt.current.key }

    setSubmitting(true)
    setAnnouncement('')
    try {
      await submitForm(functionName, payload, file)
      notifications.show({ title: texts.success.title, message: texts.success.text, color: 'green' })
      attempt.current = undefined
      setFormData({})
      setFormKey((k) => k + 1)
      onReset?.()
    } catch (error) {
      console.error(`${functionName} failed`, error)
      if (error instanceof SubmissionError && error.fields.length) setExtraErrors(toErrorSchema(error.fields))
      notifications.show({ title: texts.failure.title, message: texts.failure.text, color: 'red' })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <MantineProvider forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <Notifications limit={3} autoClose={4000} position="top-right" />
      <p className="form__announcement" role="alert">
        {announcement}
      </p>
      <ThemedForm
        key={formKey}
        className="schema-form"
        schema={schema}
        uiSchema={effectiveUiSchema}
        validator={validator}
        formData={formData}
        onChange={onChange}
        onSubmit={onSubmit}
        onError={onError}
        extraErrors={extraErrors}
        transformErrors={(errors) => errors.map(readableError)}
        showErrorList={false}
        focusOnFirstError
        noHtml5Validate
        experimental_defaultFormStateBehavior={NO_CONST_DEFAULTS}
        disabled={submitting}
      >
        {extra?.({ disabled: submitting })}
        <Button type="submit" size="md" className="form__submit" disabled={submitting}>
          {submitting ? texts.submittingLabel : texts.submitLabel}
        </Button>
      </ThemedForm>
    </MantineProvider>
  )
}

function toErrorSchema(fields: { path: string; message: string }[]): ErrorSchema<Data> {
  const schema: Record<string, { __errors: string[] }> = {}
  for (const { path, message } of fields) {
    const name = path.replace(/^\//, '').split('/')[0] || 'form'
    schema[name] ??= { __errors: [] }
    schema[name].__errors.push(message)
  }
  return schema as ErrorSchema<Data>
}
