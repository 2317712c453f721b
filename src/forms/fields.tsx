// The form's fields, generated from its JSON Schema and UI schema: native inputs, a native
// <select>, radio groups as a row of `<label><input type="radio"> Yes</label>`, checkboxes with
// their label beside them. Each input is named as the function's field, so the prerendered form
// posts what the function understands even before (or without) any JavaScript.
import type { ChangeEvent, ReactNode } from 'react'
import type { JsonSchemaLike } from '../../forms/define'

export type Values = Record<string, string | string[]>

export type FieldSchema = {
  type?: string
  title?: string
  description?: string
  maxLength?: number
  minimum?: number
  maximum?: number
  oneOf?: { const: string; title?: string }[]
  items?: { oneOf?: { const: string; title?: string }[] }
}

export type FieldUi = {
  'ui:widget'?: string
  'ui:placeholder'?: string
  'ui:autocomplete'?: string
  'ui:options'?: { inputType?: string; rows?: number; inputMode?: string; label?: boolean }
}

export type FieldProps = {
  id: string
  name: string
  schema: FieldSchema
  ui: FieldUi
  required: boolean
  value: string | string[] | undefined
  error?: string
  /** Shown under the label, e.g. "Only if you answered Yes to …" while every field is shown. */
  condition?: string
  disabled: boolean
  onChange: (name: string, value: string | string[]) => void
}

export function Field(props: FieldProps) {
  const { schema, ui } = props
  if (ui['ui:widget'] === 'HoneypotWidget') return <Honeypot {...props} />
  if (schema.type === 'array') return <Choices {...props} multiple />
  if (ui['ui:widget'] === 'radio') return <Choices {...props} multiple={false} />
  if (schema.oneOf) return <Select {...props} />
  return <TextInput {...props} />
}

/** Ids of the help texts that exist, for aria-describedby (a missing id is invalid HTML). */
function describedBy({ id, schema, error, condition }: FieldProps): string | undefined {
  const ids = [
    condition ? `${id}-condition` : '',
    schema.description ? `${id}-description` : '',
    error ? `${id}-error` : '',
  ].filter(Boolean)
  return ids.join(' ') || undefined
}

function Label({ id, schema, required }: FieldProps) {
  return (
    <label className="form__label" htmlFor={id}>
      {schema.title}
      {required ? <Required /> : null}
    </label>
  )
}

const Required = () => (
  <span className="form__required" aria-hidden="true">
    {' *'}
  </span>
)

function Notes({ id, schema, error, condition }: FieldProps): ReactNode {
  return (
    <>
      {condition ? (
        <p id={`${id}-condition`} className="form__condition">
          {condition}
        </p>
      ) : null}
      {schema.description ? (
        <p id={`${id}-description`} className="form__help">
          {schema.description}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      ) : null}
    </>
  )
}

function TextInput(props: FieldProps) {
  const { id, name, schema, ui, required, value, error, disabled, onChange } = props
  const options = ui['ui:options'] ?? {}
  const common = {
    id,
    name,
    required,
    disabled,
    value: typeof value === 'string' ? value : '',
    placeholder: ui['ui:placeholder'],
    autoComplete: ui['ui:autocomplete'],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(props),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(name, e.target.value),
  }
  const integer = schema.type === 'integer' || schema.type === 'number'
  return (
    <div className="form__field">
      <Label {...props} />
      <Notes {...props} />
      {ui['ui:widget'] === 'textarea' ? (
        <textarea {...common} rows={options.rows ?? 4} maxLength={schema.maxLength} className="form__input" />
      ) : (
        <input
          {...common}
          className="form__input"
          type={integer ? 'number' : (options.inputType ?? 'text')}
          inputMode={integer ? 'numeric' : (options.inputMode as 'numeric' | undefined)}
          maxLength={schema.maxLength}
          min={schema.minimum}
          max={schema.maximum}
          step={schema.type === 'integer' ? 1 : undefined}
        />
      )}
    </div>
  )
}

function Select(props: FieldProps) {
  const { id, name, schema, ui, required, value, error, disabled, onChange } = props
  return (
    <div className="form__field">
      <Label {...props} />
      <Notes {...props} />
      <select
        id={id}
        name={name}
        className="form__input form__select"
        required={required}
        disabled={disabled}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        onChange={(e) => onChange(name, e.target.value)}
      >
        <option value="">{ui['ui:placeholder'] ?? 'Select an option'}</option>
        {(schema.oneOf ?? []).map((option) => (
          <option key={option.const} value={option.const}>
            {option.title ?? option.const}
          </option>
        ))}
      </select>
    </div>
  )
}

/** A radio group (one answer) or a checkbox group (several): a fieldset whose legend is the question. */
function Choices(props: FieldProps & { multiple: boolean }) {
  const { id, name, schema, required, value, disabled, onChange, multiple } = props
  const options = (multiple ? schema.items?.oneOf : schema.oneOf) ?? []
  const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : []
  const toggle = (option: string, checked: boolean) =>
    onChange(name, multiple ? (checked ? [...chosen, option] : chosen.filter((v) => v !== option)) : option)
  return (
    <fieldset
      id={id}
      className={`form__field form__choices${multiple ? ' form__choices--stacked' : ''}`}
      aria-describedby={describedBy(props)}
      tabIndex={-1}
    >
      <legend className="form__label">
        {schema.title}
        {required ? <Required /> : null}
      </legend>
      <Notes {...props} />
      <div className="form__options">
        {options.map((option, i) => (
          <label key={option.const} className="form__option" htmlFor={`${id}-${i}`}>
            <input
              id={`${id}-${i}`}
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={option.const}
              required={required && !multiple}
              disabled={disabled}
              checked={chosen.includes(option.const)}
              onChange={(e) => toggle(option.const, e.target.checked)}
            />{' '}
            {option.title ?? option.const}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** A field people never see or reach but form-filling bots do; the server stores nothing when it is filled. */
function Honeypot({ id, name, value, onChange }: FieldProps) {
  return (
    <div className="form__honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name={name}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(name, e.target.value)}
      />
    </div>
  )
}

/** The schema's properties, typed for the fields. */
export const propertiesOf = (schema: JsonSchemaLike) => (schema.properties ?? {}) as Record<string, FieldSchema>
