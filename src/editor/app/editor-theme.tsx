// The editor's look for react-jsonschema-form, through its own extension points (as the site's
// forms do in src/forms/theme.tsx, whose templates are bound to the site's form context and so are
// not reused as they are): inputs and textareas that say when their value has a problem
// (aria-invalid, described by the message), textareas that grow with their text, and a length
// meter on the fields `npm run check` measures (the SEO title and description).
import {
  ariaDescribedByIds,
  type BaseInputTemplateProps,
  examplesId,
  getInputProps,
  type IconButtonProps,
  type WidgetProps,
} from '@rjsf/utils'
import type { ChangeEvent } from 'react'
import type { Range } from './api'

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
        aria-invalid={rawErrors?.length ? true : undefined}
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
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={describedBy(id, Boolean(meter))}
      />
      {meter ? <LengthMeter id={id} text={text} meter={meter} /> : null}
    </>
  )
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

export const editorWidgets = { TextareaWidget, textarea: TextareaWidget }
