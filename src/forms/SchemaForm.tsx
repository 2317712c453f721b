// A form generated from its registry entry (forms/<kind>/): plain HTML that posts to its
// function without JavaScript, enhanced once hydrated with the schema's conditional fields,
// validation with the shared messages at each field, and a retried, idempotent submission.
import { type FormEvent, type ReactNode, startTransition, useEffect, useId, useRef, useState } from 'react'
import { answersFromEntries, type Entry } from '../../forms/answers'
import { type FormDefinition, PLAIN_POST, visitorSchema } from '../../forms/define'
import type { FormKind } from '../../forms/kinds'
import { type FieldError, humanErrors, type SchemaError } from '../../forms/messages'
import { inactiveConditionalFields, stripInactiveConditionals } from '../../supabase/functions/_shared/conditional'
import { Field, type FieldUi, propertiesOf, type Values } from './fields'
import { SubmissionError } from './retry'
import { submitForm } from './submit'
import './form-styles.css'

export type FormTexts = {
  submitLabel: string
  submittingLabel: string
  success: { title: string; text: string }
  failure: { title: string; text: string }
}

/** What the form block hands every form: its texts, the page it is on and the phone to call. */
export type FormProps = { texts: FormTexts; page: string; phone: { display: string; tel: string } }

export type Validate = ((data: unknown) => boolean) & { errors?: SchemaError[] | null }

type Group = { title: string; description?: string; fields: string[] }
type UiSchema = Record<string, FieldUi> & {
  'ui:order'?: string[]
  'ui:options'?: { groups?: Group[] }
}

const functionsBase = import.meta.env.VITE_SUPABASE_URL || ''

export function SchemaForm({
  kind,
  form,
  validate,
  texts,
  page,
  phone,
}: FormProps & { kind: FormKind; form: FormDefinition; validate: Validate }) {
  const formId = `${kind}-form`
  const schema = visitorSchema(form.schema)
  const properties = propertiesOf(schema)
  const ui = form.uiSchema as UiSchema
  const fileField = form.file?.field

  // Whatever was typed, chosen or attached before this code arrived is read from the
  // prerendered form, so hydration keeps it (React leaves input values alone while hydrating).
  const [values, setValues] = useState<Values>(() => readValues(formId, properties))
  const [file, setFile] = useState<File | null>(() => readFile(formId, fileField))
  const [fileInput, setFileInput] = useState(0)
  // The first render matches the prerendered HTML (every field shown); then the rules apply.
  const [enhanced, setEnhanced] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<ReactNode>(null)
  const [submitting, setSubmitting] = useState(false)
  const focusFirst = useRef<string | undefined>(undefined)
  // One key per filled form: automatic retries and a second click reuse it, so the server
  // stores the submission once; any change to the answers makes a new one.
  const attempt = useRef<{ snapshot: string; key: string } | undefined>(undefined)
  const statusId = useId()

  const formElement = useRef<HTMLFormElement>(null)
  // As a transition, the re-render of every field yields to the browser instead of one long task.
  useEffect(() => startTransition(() => setEnhanced(true)), [])
  // A submission made before this code arrived was held back (see load-form.ts): send it now.
  useEffect(() => {
    const element = formElement.current
    if (!enhanced || !element?.dataset.submitPending) return
    delete element.dataset.submitPending
    element.requestSubmit()
  }, [enhanced])
  // After the render that shows the errors: focus the first field that has one.
  useEffect(() => {
    const name = focusFirst.current
    focusFirst.current = undefined
    if (!name) return
    const target = document.getElementById(`${kind}-${name}`)
    ;(target instanceof HTMLFieldSetElement ? target.querySelector('input') : target)?.focus()
  })

  const answers = answersFromEntries(schema, entriesOf(values))
  const hidden = enhanced ? inactiveConditionalFields(schema, answers) : new Set<string>()
  const conditions = conditionsOf(schema)
  const order = ui['ui:order'] ?? Object.keys(properties)
  const groups = ui['ui:options']?.groups ?? []
  const grouped = new Set(groups.flatMap((g) => g.fields))
  const required = new Set([
    ...((schema.required as string[] | undefined) ?? []),
    ...(enhanced ? [...conditions.keys()].filter((name) => !hidden.has(name)) : []),
  ])

  const onChange = (name: string, value: string | string[]) => {
    setValues((current) => ({ ...current, [name]: value }))
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest)
  }

  const showErrors = (found: FieldError[]) => {
    const byField: Record<string, string> = {}
    for (const { path, message } of found) byField[path.replace(/^\//, '').split('/')[0] || 'form'] ??= message
    const names = Object.keys(byField)
    focusFirst.current = names.find((name) => name in properties || name === fileField)
    setErrors(byField)
    setStatus(
      `${names.length} ${names.length === 1 ? 'answer needs' : 'answers need'} your attention. The first one has focus.`,
    )
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting) return
    // Hidden conditional answers never leave the browser; the function strips them again.
    const kept = stripInactiveConditionals(schema, answers)
    const found = validate(kept) ? [] : humanErrors(schema, validate.errors ?? [])
    const fileProblem = form.file && file ? problemWithFile(file, form.file) : undefined
    if (fileField && fileProblem) found.push({ path: `/${fileField}`, message: fileProblem })
    if (found.length) return showErrors(found)

    const payload: Record<string, unknown> = { ...kept, ...(file ? { resumeFileName: file.name } : {}) }
    const snapshot = JSON.stringify([payload, file?.name, file?.size])
    if (attempt.current?.snapshot !== snapshot) attempt.current = { snapshot, key: crypto.randomUUID() }
    payload.idempotencyKey = attempt.current.key

    setSubmitting(true)
    setStatus(null)
    try {
      await submitForm(form.functionName, payload, file && fileField ? { field: fileField, file } : null)
      void toast({ ...texts.success, color: 'green' })
      attempt.current = undefined
      setValues({})
      setFile(null)
      setFileInput((n) => n + 1)
      setErrors({})
    } catch (error) {
      console.error(`${form.functionName} failed`, error)
      void toast({ ...texts.failure, color: 'red' })
      const call = (
        <a href={`tel:${phone.tel}`} className="form__phone">
          {phone.display}
        </a>
      )
      if (error instanceof SubmissionError && error.fields.length) showErrors(error.fields)
      else if (error instanceof SubmissionError && error.status === 429) {
        const minutes = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 60_000))
        setStatus(
          <>
            Too many forms were sent from your network. Please wait {minutes} {minutes === 1 ? 'minute' : 'minutes'} and
            send it again, or call us at {call}. Your answers are kept.
          </>,
        )
      } else if (error instanceof SubmissionError && error.status === undefined) {
        setStatus(
          <>
            You appear to be offline, so nothing was sent. Your answers are kept: send the form again once you are
            connected, or call us at {call}.
          </>,
        )
      } else setStatus(<>Nothing was sent. Your answers are kept: please try again, or call us at {call}.</>)
    } finally {
      setSubmitting(false)
    }
  }

  const field = (name: string) => {
    if (hidden.has(name) || !(name in properties)) return null
    return (
      <Field
        key={name}
        id={`${kind}-${name}`}
        name={name}
        schema={properties[name]}
        ui={ui[name] ?? {}}
        required={required.has(name)}
        value={values[name]}
        error={errors[name]}
        condition={enhanced ? undefined : conditions.get(name)}
        disabled={submitting}
        onChange={onChange}
      />
    )
  }

  return (
    <form
      ref={formElement}
      id={formId}
      className="schema-form"
      method="post"
      action={`${functionsBase}/functions/v1/${form.functionName}?${PLAIN_POST.query}`}
      encType={form.file ? 'multipart/form-data' : undefined}
      noValidate={enhanced}
      data-enhanced={enhanced ? 'true' : undefined}
      aria-describedby={status ? statusId : undefined}
      onSubmit={onSubmit}
    >
      <input type="hidden" name={PLAIN_POST.pageField} value={page} />
      {groups.map((group) => (
        <fieldset key={group.title} className="form__group">
          <legend>{group.title}</legend>
          {group.description ? <p className="form__group-description">{group.description}</p> : null}
          <div className="form__fields">{group.fields.map(field)}</div>
        </fieldset>
      ))}
      {order.some((name) => !grouped.has(name)) ? (
        <div className="form__fields">{order.filter((name) => !grouped.has(name)).map(field)}</div>
      ) : null}
      {form.file && fileField ? (
        <div className="form__field form__file">
          <label className="form__label" htmlFor={`${kind}-${fileField}`}>
            {form.file.label}
          </label>
          <p id={`${kind}-${fileField}-help`} className="form__help">
            {describeFile(form.file)}
          </p>
          <input
            key={fileInput}
            id={`${kind}-${fileField}`}
            type="file"
            name={fileField}
            accept={form.file.accept}
            disabled={submitting}
            aria-invalid={errors[fileField] ? true : undefined}
            aria-describedby={`${kind}-${fileField}-help${errors[fileField] ? ` ${kind}-${fileField}-error` : ''}`}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null
              setFile(chosen)
              const problem = chosen && form.file ? problemWithFile(chosen, form.file) : undefined
              setErrors(({ [fileField]: _, ...rest }) => (problem ? { ...rest, [fileField]: problem } : rest))
            }}
          />
          {errors[fileField] ? (
            <p id={`${kind}-${fileField}-error`} className="form__error">
              {errors[fileField]}
            </p>
          ) : null}
        </div>
      ) : null}
      <p id={statusId} className="form__announcement" role="alert">
        {status}
      </p>
      <button type="submit" className="form__submit" disabled={submitting}>
        {submitting ? texts.submittingLabel : texts.submitLabel}
      </button>
    </form>
  )
}

type FileRules = NonNullable<FormDefinition['file']>

const describeFile = (rules: FileRules) =>
  `${rules.extensions
    .map((e) => e.slice(1).toUpperCase())
    .join(', ')
    .replace(/, ([^,]+)$/, ' or $1')}, up to ${rules.maxBytes / 1024 / 1024} MB.`

/** Why this file cannot be sent, or undefined when it can. */
export function problemWithFile(file: File, rules: FileRules): string | undefined {
  if (!rules.extensions.some((ext) => file.name.toLowerCase().endsWith(ext)))
    return `Your resume must be a ${describeFile(rules).replace(/, up to.*/, '')} file.`
  if (file.size > rules.maxBytes) return `Your resume must be ${rules.maxBytes / 1024 / 1024} MB or smaller.`
  return undefined
}

const entriesOf = (values: Values): Entry[] =>
  Object.entries(values).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((v): Entry => [name, v]) : [[name, value] as Entry],
  )

function readValues(formId: string, properties: Record<string, { type?: string }>): Values {
  if (typeof document === 'undefined') return {}
  const element = document.getElementById(formId)
  if (!(element instanceof HTMLFormElement)) return {}
  const values: Values = {}
  for (const [name, value] of new FormData(element)) {
    if (typeof value !== 'string' || !(name in properties) || value === '') continue
    const current = values[name]
    if (properties[name].type === 'array') values[name] = [...(Array.isArray(current) ? current : []), value]
    else values[name] = value
  }
  return values
}

function readFile(formId: string, field: string | undefined): File | null {
  if (typeof document === 'undefined' || !field) return null
  const form = document.getElementById(formId)
  const input = form instanceof HTMLFormElement ? form.elements.namedItem(field) : null
  return input instanceof HTMLInputElement ? (input.files?.[0] ?? null) : null
}

type Rule = { if?: { properties?: Record<string, { const?: unknown; not?: { const?: unknown } }> }; then?: unknown }

/**
 * "Only if …" for each conditional field, shown while every field is (before the rules run,
 * and without JavaScript), derived from the schema's if/then rules.
 */
function conditionsOf(schema: Record<string, unknown>): Map<string, string> {
  const properties = propertiesOf(schema)
  const rules = [schema, ...((schema.allOf as unknown[] | undefined) ?? [])] as Rule[]
  const conditions = new Map<string, string>()
  for (const rule of rules) {
    const then = rule.then as { required?: string[] } | undefined
    if (!rule.if || !then?.required) continue
    const [question, test] = Object.entries(rule.if.properties ?? {})[0] ?? []
    if (!question || !test) continue
    const title = properties[question]?.title ?? question
    const option = (value: unknown) =>
      properties[question]?.oneOf?.find((o) => o.const === value)?.title ?? String(value)
    const text =
      test.const !== undefined
        ? `Only if you answered “${option(test.const)}” to “${title}”`
        : test.not?.const !== undefined
          ? `Only if your answer to “${title}” is not “${option(test.not.const)}”`
          : 'Only if it applies to you'
    for (const name of then.required) conditions.set(name, text)
  }
  return conditions
}

async function toast(message: { title: string; text: string; color: string }) {
  const { showToast } = await import('./toast')
  showToast(message)
}
