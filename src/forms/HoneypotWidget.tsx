import type { WidgetProps } from '@rjsf/utils'

// A field people never see or reach (off-screen, out of the tab order) but form-filling
// bots do; the server accepts a filled one with 200 and stores nothing.
export function HoneypotWidget({ id, value, onChange }: WidgetProps) {
  return (
    <div className="form__honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </div>
  )
}
