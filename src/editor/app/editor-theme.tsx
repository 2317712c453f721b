// The editor's look for react-jsonschema-form, through its own extension points (as the site's
// forms do in src/forms/theme.tsx, whose templates are bound to the site's form context and so are
// not reused as they are): every control says when its value has a problem (aria-invalid, described
// by the message: inputs, textareas, selects, checkboxes, radio groups), textareas grow with their
// text, and a length meter sits on the fields `npm run check` measures (the SEO title and description).
import {
  ariaDescribedByIds,
  type BaseInputTemplateProps,
  enumOptionSelectedValue,
  enumOptionsIsSelected,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  examplesId,
  getInputProps,
  getOptionValueFormat,
  type IconButtonProps,
  optionId,
  type WidgetProps,
} from '@rjsf/utils'
import type { ChangeEvent } from 'react'
import type { Range } from './api'

/** aria-invalid on a control whose field has a problem (rjsf gives its messages as `rawErrors`). */
export const invalid = (rawErrors: readonly unknown[] | undefined) => (rawErrors?.length ? true : undefined)

/** A length meter's settings, as a field's `ui:options.meter`. */
export type MeterOptions = Range & {
  /** The characters counted as the text, e.g. the title with the site's suffix. */
  count: (text: string) => number
  /** Said after the count, e.g. "with the suffix | Guardline". */
  note?: string
}

/** Characters as `npm run check` counts them (code points). */
export const chars = (text: string) => [...text].length

export const meterState = (n: number, range: Range) => (n < range.min ? 'short' : n > range.max ? 'long' : 'good')

const meterWords = { short: 'too short', long: 'too long', good: 'within range' }

/** "52 characters with the suffix: within range (30–60, as npm run check)" and a <meter>. */
export function LengthMeter({ id, text, meter }: { id: string; text: string; meter: MeterOptions }) {
  const n = meter.count(text)
  const state = meterState(n, meter)
  return (
    <div className={`editor__meter editor__meter--${state}`}>
      <meter
        aria-hidden="true"
        min={0}
        max={Math.round(meter.max * 1.25)}
        low={meter.min}
        high={meter.max}
        optimum={(meter.min + meter.max) / 2}
        value={n}
      />
      <span id={`${id}__meter`} data-testid="length-meter" data-state={state}>
        {n} characters{meter.note ? ` ${meter.note}` : ''}: {meterWords[state]} ({meter.min}–{meter.max}, as npm run
        check counts)
      </span>
    </div>
  )
}

const describedBy = (id: string, hasMeter: boolean, examples = false) =>
  [ariaDescribedByIds(id, examples), hasMeter ? `${id}__meter` : ''].filter(Boolean).join(' ')

/** rjsf's <input>, with aria-invalid when the field has a problem, and a meter when asked. */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, onBlur, onFocus, onChange, options, schema, rawErrors } = props
  const meter = options.meter as MeterOptions | undefined
  const inputProps = getInputProps(schema, props.type, options)
  const text = value == null ? '' : String(value)
  return (
    <>
      <input
        id={id}
        name={htmlName || id}
        className="form-control"
        readOnly={readonly}
        disabled={disabled}
        {...inputProps}
        value={text}
        list={schema.examples ? examplesId(id) : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          onChange(event.target.value === '' ? options.emptyValue : event.target.value)
        }
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
        aria-invalid={invalid(rawErrors)}
        aria-describedby={describedBy(id, Boolean(meter), Boolean(schema.examples))}
      />
      {Array.isArray(schema.examples) ? (
        <datalist id={examplesId(id)}>
          {(schema.examples as unknown[]).map((example) => (
            <option key={String(example)} value={String(example)} />
          ))}
        </datalist>
      ) : null}
      {meter ? <LengthMeter id={id} text={text} meter={meter} /> : null}
    </>
  )
}

/** A textarea as tall as its text (CSS field-sizing), with aria-invalid and a meter when asked. */
function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, readonly, disabled, onBlur, onFocus, onChange, options, rawErrors } = props
  const meter = options.meter as MeterOptions | undefined
  const text = value == null ? '' : String(value)
  return (
    <>
      <textarea
        id={id}
        name={htmlName || id}
        className="form-control editor__textarea"
        value={text}
        readOnly={readonly}
        disabled={disabled}
        rows={Number(options.rows ?? 3)}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
        aria-invalid={invalid(rawErrors)}
        aria-describedby={describedBy(id, Boolean(meter))}
      />
      {meter ? <LengthMeter id={id} text={text} meter={meter} /> : null}
    </>
  )
}

/** rjsf's select (one choice or several), with aria-invalid. */
function SelectWidget(props: WidgetProps) {
  const { id, htmlName, schema, options, value, required, disabled, readonly, multiple = false, placeholder } = props
  const { onChange, onBlur, onFocus, rawErrors } = props
  const { enumOptions = [], enumDisabled, emptyValue } = options
  const format = getOptionValueFormat(options)
  const read = (select: HTMLSelectElement) =>
    enumOptionValueDecoder(
      multiple ? [...select.selectedOptions].map((o) => o.value) : select.value,
      enumOptions,
      format,
      emptyValue,
    )
  return (
    <select
      id={id}
      name={htmlName || id}
      className="form-control"
      multiple={multiple}
      value={enumOptionSelectedValue(value, enumOptions, multiple, format, multiple ? [] : '')}
      required={required}
      disabled={disabled || readonly}
      onChange={(event) => onChange(read(event.target))}
      onBlur={(event) => onBlur(id, read(event.target))}
      onFocus={(event) => onFocus(id, read(event.target))}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
    >
      {!multiple && schema.default === undefined ? <option value="">{placeholder}</option> : null}
      {enumOptions.map(({ value: option, label }, i) => (
        <option
          key={String(option)}
          value={enumOptionValueEncoder(option, i, format)}
          disabled={enumDisabled?.includes(option)}
        >
          {label}
        </option>
      ))}
    </select>
  )
}

/** rjsf's checkbox, its label beside it, with aria-invalid. */
function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, rawErrors } = props
  return (
    <div className="checkbox">
      <label>
        <input
          type="checkbox"
          id={id}
          name={htmlName || id}
          checked={value === true}
          disabled={disabled || readonly}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={(event) => onBlur(id, event.target.checked)}
          onFocus={(event) => onFocus(id, event.target.checked)}
          aria-invalid={invalid(rawErrors)}
          aria-describedby={ariaDescribedByIds(id)}
        />
        {hideLabel ? null : <span>{label}</span>}
      </label>
    </div>
  )
}

/** rjsf's radio group, with aria-invalid on the group, which its message describes. */
function RadioWidget(props: WidgetProps) {
  const { id, htmlName, options, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors } = props
  const { enumOptions = [], enumDisabled, emptyValue } = options
  const format = getOptionValueFormat(options)
  const read = (target: HTMLInputElement) => enumOptionValueDecoder(target.value, enumOptions, format, emptyValue)
  return (
    <div
      className="field-radio-group"
      id={id}
      role="radiogroup"
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
    >
      {enumOptions.map((option, i) => (
        <label key={String(option.value)} className="radio">
          <input
            type="radio"
            id={optionId(id, i)}
            name={htmlName || id}
            checked={enumOptionsIsSelected(option.value, value)}
            required={required}
            value={enumOptionValueEncoder(option.value, i, format)}
            disabled={disabled || readonly || enumDisabled?.includes(option.value)}
            onChange={() => onChange(option.value)}
            onBlur={(event) => onBlur(id, read(event.target))}
            onFocus={(event) => onFocus(id, read(event.target))}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  )
}

/** "Keywords" -> "Keyword", "Cities" -> "City": what one item of a list is called. */
const singular = (label: string) =>
  label
    .replace(/ies$/, 'y')
    .replace(/(s|x|ch|sh)es$/, '$1')
    .replace(/([^s])s$/, '$1')

/**
 * The label of a list's item, from its place in the data: "Keyword 1", "City 2" (rjsf's own is
 * made of ids, "keywords-1"); "Exclude, item 1" for a list whose name is not a plural.
 */
export const itemLabelOf = (listLabel: string) => {
  const one = singular(listLabel)
  return (index: number) => (one === listLabel ? `${listLabel}, item ${index + 1}` : `${one} ${index + 1}`)
}

/** rjsf's list buttons with words on them (its own show an icon font the editor does not load). */
const button =
  (text: string) =>
  ({ onClick, disabled }: IconButtonProps) => (
    <button type="button" className="editor__item-button" onClick={onClick} disabled={disabled}>
      {text}
    </button>
  )

export const editorTemplates = {
  BaseInputTemplate,
  ButtonTemplates: {
    AddButton: button('Add item'),
    RemoveButton: button('Remove item'),
    MoveUpButton: button('Move item up'),
    MoveDownButton: button('Move item down'),
    CopyButton: button('Copy item'),
  },
}

export const editorWidgets = {
  TextareaWidget,
  textarea: TextareaWidget,
  SelectWidget,
  select: SelectWidget,
  CheckboxWidget,
  checkbox: CheckboxWidget,
  RadioWidget,
  radio: RadioWidget,
}
