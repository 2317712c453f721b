// Our look for react-jsonschema-form, through its own extension points: these templates and
// widgets are the only hand-written form UI. Native controls only: inputs, a native <select>,
// radio groups as a row of `<label><input type="radio"> Yes</label>` inside a fieldset whose
// legend is the question, checkboxes with their label beside them, and an uncontrolled file
// input that keeps the real File. Each control is named as the function's field (the form's
// `nameGenerator`), so the prerendered form posts what the function understands without JavaScript.
import {
  type BaseInputTemplateProps,
  type ErrorListProps,
  enumOptionsIsSelected,
  enumOptionValueEncoder,
  type FieldTemplateProps,
  getInputProps,
  getOptionValueFormat,
  getUiOptions,
  type ObjectFieldTemplateProps,
  type RegistryWidgetsType,
  type SubmitButtonProps,
  type TemplatesType,
  type WidgetProps,
} from '@rjsf/utils'
import { type ChangeEvent, type FocusEvent, type ReactNode, useLayoutEffect, useRef } from 'react'
import { type PluralText, pluralText } from '../content/plural-text'
import { fillText } from '../content/texts'

/** What the form hands its templates and widgets through rjsf's `formContext`. */
export type FormContext = {
  /** False while the form shows what the server rendered: every field, conditions written out. */
  enhanced: boolean
  /** Conditional fields whose condition does not hold: not rendered once enhanced. */
  hidden: ReadonlySet<string>
  /** "Only if you answered …" per conditional field, shown until the rules apply. */
  conditions: ReadonlyMap<string, string>
  /** Hidden inputs of the plain HTML form: the page it is on (`_page`), its thank-you page, its language. */
  posted: { name: string; value: string }[]
  /** The site's words for forms, in the page's language (`locale`). */
  texts: {
    locale: string
    selectOption: string
    honeypot: string
    needsAttention: PluralText
    fileLost: string
    stepHeading: string
    stepProgress: string
  }
  /** Keeps the file chosen in a file field (the multipart post carries it) and checks it at once. */
  chooseFile: (field: string, file: File | undefined) => void
  /**
   * What the file field accepts, a counter that empties it when changed, and the name of a file
   * chosen before a reload, which the browser cannot give back.
   */
  file?: { field: string; accept: string; reset: number; lost?: string }
  /** A stepped form once enhanced: the step shown (the last is the review, `review`) and its heading. */
  steps?: {
    current: number
    count: number
    title: string
    headingId: string
    review: ReactNode
    /** Shows the step that holds the field, keeping focus on it. */
    showStepOf: (field: string) => void
  }
  /** A message about sending (offline, rate limited, failed), announced above the button. */
  status: ReactNode
  statusId: string
  submitting: boolean
  submitLabel: string
  submittingLabel: string
}

type Props = { registry: { formContext: unknown } }
const contextOf = (props: Props) => props.registry.formContext as FormContext

/** Ids of the notes under a label that exist, for aria-describedby (a missing id is invalid HTML). */
function describedBy(
  id: string,
  notes: { condition?: string; description?: unknown; notice?: string; error?: string },
) {
  const ids = [
    notes.condition ? `${id}-condition` : '',
    notes.description ? `${id}-description` : '',
    notes.notice ? `${id}-notice` : '',
    notes.error ? `${id}-error` : '',
  ].filter(Boolean)
  return ids.join(' ') || undefined
}

/**
 * The condition (until the rules apply), the help text and the error of one field, in that order.
 * A field's name is its path (the form's `nameGenerator`), which widgets get as `htmlName`.
 */
function notesOf(props: (WidgetProps & { fieldPathId?: never }) | FieldTemplateProps) {
  const context = contextOf(props)
  const name = props.fieldPathId ? props.fieldPathId.path.join('.') : String(props.htmlName ?? '')
  const condition = context.enhanced ? undefined : context.conditions.get(name)
  // A translation's help text is the UI schema's (`ui:description`), read before the schema's.
  const written = getUiOptions(props.uiSchema).description ?? props.schema.description
  const description = typeof written === 'string' ? written : undefined
  const lost = name === context.file?.field ? context.file.lost : undefined
  const notice = lost && fillText(context.texts.fileLost, { name: lost })
  return { condition, description, notice, error: props.rawErrors?.[0] }
}

function Notes({ id, condition, description, notice, error }: { id: string } & ReturnType<typeof notesOf>) {
  return (
    <>
      {condition ? (
        <p id={`${id}-condition`} className="form__condition">
          {condition}
        </p>
      ) : null}
      {description ? (
        <p id={`${id}-description`} className="form__help">
          {description}
        </p>
      ) : null}
      {notice ? (
        <p id={`${id}-notice`} className="form__notice">
          {notice}
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

const Required = () => (
  <span className="form__required" aria-hidden="true">
    {' *'}
  </span>
)

/** Widgets that draw their own label: a group's legend, a checkbox's label beside it, or none at all. */
const SELF_LABELLED = new Set(['RadioWidget', 'CheckboxesWidget', 'CheckboxWidget', 'HoneypotWidget'])
const widgetOf = (props: FieldTemplateProps) => {
  const widget = getUiOptions(props.uiSchema).widget
  if (props.schema.type === 'array') return 'CheckboxesWidget'
  if (props.schema.type === 'boolean') return 'CheckboxWidget'
  return widget === 'radio' ? 'RadioWidget' : typeof widget === 'string' ? widget : ''
}

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, required, hidden, schema } = props
  if (hidden) return null
  // The root object and self-labelled widgets lay themselves out.
  if (schema.type === 'object' || SELF_LABELLED.has(widgetOf(props))) return children
  const notes = notesOf(props)
  return (
    <div className={`form__field${widgetOf(props) === 'FileWidget' ? ' form__file' : ''}`}>
      <label className="form__label" htmlFor={id}>
        {label}
        {required ? <Required /> : null}
      </label>
      <Notes id={id} {...notes} />
      {children}
    </div>
  )
}

/**
 * The form's fields: each group (`ui:options.groups`) a fieldset with its legend, then the fields
 * no group names. A stepped form shows one group at a time under "Step 2 of 8: Position" and a
 * progress bar; the others stay in the page, hidden, so an attached file stays in its input.
 */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const context = contextOf(props)
  const steps = context.steps
  const shown = props.properties.filter((p) => !(context.enhanced && context.hidden.has(p.name)))
  const byName = new Map(shown.map((p) => [p.name, p.content]))
  const groups = (getUiOptions(props.uiSchema).groups ?? []) as {
    title: string
    description?: string
    fields: string[]
  }[]
  const grouped = new Set(groups.flatMap((g) => g.fields))
  const rest = shown.filter((p) => !grouped.has(p.name))
  // The enhanced form is laid out anew (a stepped form hides its other steps and shows its
  // progress above them): the field the visitor is in stays in view. In the same frame as the
  // change, before anything else can run.
  const marker = useRef<HTMLInputElement>(null)
  // A field reached (by Tab) while the code was on its way may be in a step now hidden: that
  // step is shown instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on the change to enhanced only
  useLayoutEffect(() => {
    const form = marker.current?.form
    const active = document.activeElement
    if (!context.enhanced || !form || !(active instanceof HTMLElement) || !form.contains(active)) return
    const name = active.getAttribute('name')
    if (active.closest('[hidden]') && name && context.steps) context.steps.showStepOf(name)
    else active.scrollIntoView({ block: 'nearest' })
  }, [context.enhanced])
  return (
    <>
      {context.posted.map(({ name, value }, i) => (
        <input key={name} ref={i === 0 ? marker : undefined} type="hidden" name={name} value={value} />
      ))}
      {steps ? (
        <div className="form__progress">
          <h3 id={steps.headingId} className="form__step-heading" tabIndex={-1}>
            {fillText(context.texts.stepHeading, {
              number: steps.current + 1,
              count: steps.count,
              title: steps.title,
            })}
          </h3>
          <progress max={steps.count} value={steps.current + 1} aria-labelledby={steps.headingId}>
            {fillText(context.texts.stepProgress, { number: steps.current + 1, count: steps.count })}
          </progress>
        </div>
      ) : null}
      {groups.map((group, i) => (
        <fieldset key={group.title} className="form__group" hidden={steps && steps.current !== i}>
          {/* The step's heading says it already. */}
          <legend className={steps ? 'visually-hidden' : undefined}>{group.title}</legend>
          {group.description ? <p className="form__group-description">{group.description}</p> : null}
          <div className="form__fields">{group.fields.map((name) => byName.get(name))}</div>
        </fieldset>
      ))}
      {rest.length ? (
        <div
          className={steps ? 'form__fields form__group' : 'form__fields'}
          hidden={steps && steps.current !== groups.length - 1}
        >
          {rest.map((p) => p.content)}
        </div>
      ) : null}
      {steps && steps.current === steps.count - 1 ? steps.review : null}
    </>
  )
}

/** What a text input and a textarea share: name, value, limits, state and the notes they are described by. */
function textControl(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, placeholder, options, schema, onChange } = props
  const notes = notesOf(props)
  return {
    id,
    name: htmlName || id,
    className: 'form__input',
    maxLength: schema.maxLength,
    required,
    disabled: disabled || readonly,
    placeholder: placeholder || undefined,
    value: value ?? '',
    'aria-invalid': notes.error ? true : undefined,
    'aria-describedby': describedBy(id, notes),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(e.target.value === '' ? options.emptyValue : e.target.value),
    onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => props.onBlur(id, e.target.value),
    onFocus: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => props.onFocus(id, e.target.value),
  }
}

/** Text, e-mail, telephone and number inputs. */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { options, schema, type } = props
  const input = getInputProps(schema, type, options)
  return (
    <input
      {...textControl(props)}
      {...input}
      step={schema.type === 'integer' ? 1 : input.step}
      inputMode={input.type === 'number' ? 'numeric' : (options.inputMode as 'numeric' | undefined)}
      autoComplete={options.autocomplete as string | undefined}
    />
  )
}

function TextareaWidget(props: WidgetProps) {
  const rows = props.options.rows
  return <textarea {...textControl(props)} rows={typeof rows === 'number' ? rows : 4} />
}

/** Each option's value as posted: its real value with `optionValueFormat: 'realValue'`. */
const encoded = (props: WidgetProps, value: unknown, index: number) =>
  String(enumOptionValueEncoder(value, index, getOptionValueFormat(props.options)))
const decoded = (props: WidgetProps, posted: string) => {
  const options = props.options.enumOptions ?? []
  const realValue = getOptionValueFormat(props.options) === 'realValue'
  return realValue ? options.find((option) => String(option.value) === posted)?.value : options[Number(posted)]?.value
}

function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, placeholder, options, onChange } = props
  const notes = notesOf(props)
  const selected = (options.enumOptions ?? []).findIndex((o) => enumOptionsIsSelected(o.value, value))
  return (
    <select
      id={id}
      name={htmlName || id}
      className="form__input form__select"
      required={required}
      disabled={disabled || readonly}
      value={selected < 0 ? '' : encoded(props, value, selected)}
      aria-invalid={notes.error ? true : undefined}
      aria-describedby={describedBy(id, notes)}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : decoded(props, e.target.value))}
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
    >
      <option value="">{placeholder || contextOf(props).texts.selectOption}</option>
      {(options.enumOptions ?? []).map((option, i) => (
        <option key={String(option.value)} value={encoded(props, option.value, i)}>
          {option.label}
        </option>
      ))}
    </select>
  )
}

/** A radio group (one answer) or a checkbox group (several): a fieldset whose legend is the question. */
function Choices(props: WidgetProps & { multiple: boolean }) {
  const { id, htmlName, value, required, disabled, readonly, label, options, onChange, multiple } = props
  const notes = notesOf(props)
  const chosen: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value]
  const toggle = (option: unknown, checked: boolean) =>
    onChange(multiple ? (checked ? [...chosen, option] : chosen.filter((v) => v !== option)) : option)
  return (
    <fieldset
      id={id}
      className={`form__field form__choices${multiple ? ' form__choices--stacked' : ''}`}
      aria-describedby={describedBy(id, notes)}
      tabIndex={-1}
    >
      <legend className="form__label">
        {label}
        {required ? <Required /> : null}
      </legend>
      <Notes id={id} {...notes} />
      <div className="form__options">
        {(options.enumOptions ?? []).map((option, i) => (
          <label key={String(option.value)} className="form__option" htmlFor={`${id}-${i}`}>
            <input
              id={`${id}-${i}`}
              type={multiple ? 'checkbox' : 'radio'}
              name={htmlName || id}
              value={encoded(props, option.value, i)}
              required={required && !multiple}
              disabled={disabled || readonly}
              checked={chosen.some((v) => enumOptionsIsSelected(v, option.value))}
              onChange={(e) => toggle(option.value, e.target.checked)}
            />{' '}
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

const RadioWidget = (props: WidgetProps) => <Choices {...props} multiple={false} />
const CheckboxesWidget = (props: WidgetProps) => <Choices {...props} multiple />

/** A yes/no checkbox with its label beside it. */
function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, onChange } = props
  const notes = notesOf(props)
  return (
    <div className="form__field">
      <label className="form__option" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={htmlName || id}
          value="true"
          required={required}
          disabled={disabled || readonly}
          checked={value === true}
          aria-describedby={describedBy(id, notes)}
          onChange={(e) => onChange(e.target.checked)}
        />{' '}
        {label}
        {required ? <Required /> : null}
      </label>
      <Notes id={id} {...notes} />
    </div>
  )
}

/**
 * The file input, uncontrolled: the browser keeps the chosen file, and so does the form (in its
 * context), for the multipart post. The field's value is the file's name. rjsf's own FileWidget
 * reads the file into a data URL and clears the input.
 */
function FileWidget(props: WidgetProps) {
  const { id, htmlName, required, disabled, readonly, onChange } = props
  const context = contextOf(props)
  const notes = notesOf(props)
  const name = htmlName || id
  return (
    <input
      key={context.file?.reset}
      id={id}
      type="file"
      name={name}
      accept={context.file?.accept}
      required={required}
      disabled={disabled || readonly}
      aria-invalid={notes.error ? true : undefined}
      aria-describedby={describedBy(id, notes)}
      onChange={(e) => {
        const chosen = e.target.files?.[0]
        context.chooseFile(name, chosen)
        onChange(chosen?.name)
      }}
    />
  )
}

/** A field people never see or reach but form-filling bots do; the server stores nothing when it is filled. */
function HoneypotWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange } = props
  return (
    <div className="form__honeypot" aria-hidden="true">
      <label htmlFor={id}>{contextOf(props).texts.honeypot}</label>
      <input
        id={id}
        name={htmlName || id}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
    </div>
  )
}

/** Announces how many answers need attention; the messages themselves sit at their fields. */
function ErrorListTemplate(props: ErrorListProps) {
  const { locale, needsAttention } = contextOf(props).texts
  const count = new Set(props.errors.map((e) => e.property)).size
  return (
    <p className="form__announcement" role="alert">
      {pluralText(locale, needsAttention, count)}
    </p>
  )
}

/**
 * The button, and under it what became of the last attempt to send (rjsf puts the error list
 * after the button too), so every message about sending is read where the visitor pressed.
 */
function SubmitButton(props: SubmitButtonProps) {
  const context = contextOf(props)
  return (
    <>
      <button type="submit" className="form__submit" disabled={context.submitting}>
        {context.submitting ? context.submittingLabel : context.submitLabel}
      </button>
      <p id={context.statusId} className="form__announcement" role="alert">
        {context.status}
      </p>
    </>
  )
}

const Nothing = () => null

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType['ButtonTemplates']>
} = {
  FieldTemplate,
  ObjectFieldTemplate,
  BaseInputTemplate,
  ErrorListTemplate,
  // FieldTemplate writes the help text and the error under the label, where they are announced with it.
  DescriptionFieldTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  TitleFieldTemplate: Nothing,
  ButtonTemplates: { SubmitButton },
}

export const widgets: RegistryWidgetsType = {
  TextareaWidget,
  SelectWidget,
  RadioWidget,
  CheckboxesWidget,
  CheckboxWidget,
  FileWidget,
  HoneypotWidget,
}
