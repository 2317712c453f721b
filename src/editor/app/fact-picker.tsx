// "Insert a fact from site.yaml": a {{placeholder}} of the fact chosen, typed into the text field
// that last had focus, at its cursor.
import { type RefObject, useEffect, useRef, useState } from 'react'

type TextField = HTMLInputElement | HTMLTextAreaElement

export function FactPicker({ facts, onNoField }: { facts: string[]; onNoField: (message: string) => void }) {
  const [fact, setFact] = useState('')
  const lastField = useLastTextField()
  const insert = () => {
    const field = lastField.current
    if (!field || !fact || !document.contains(field))
      onNoField('Click into a text field first, then insert the fact there.')
    else insertText(field, `{{${fact}}}`)
  }
  return (
    <div className="editor__facts">
      <label htmlFor="fact">Insert a fact from site.yaml</label>
      <select id="fact" value={fact} onChange={(e) => setFact(e.target.value)}>
        <option value="">Choose a fact</option>
        {facts.map((f) => (
          <option key={f} value={f}>{`{{${f}}}`}</option>
        ))}
      </select>
      {/* Pressed without taking the focus: the text field keeps it, and its cursor. */}
      <button type="button" onClick={insert} onMouseDown={(e) => e.preventDefault()}>
        Insert
      </button>
    </div>
  )
}

/** The text field a fact is inserted into: the last one that had focus. */
function useLastTextField(): RefObject<TextField | null> {
  const lastField = useRef<TextField | null>(null)
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const target = event.target
      if (target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === 'text'))
        lastField.current = target
    }
    document.addEventListener('focusin', onFocus)
    return () => document.removeEventListener('focusin', onFocus)
  }, [])
  return lastField
}

function insertText(field: TextField, text: string) {
  const start = field.selectionStart ?? field.value.length
  const end = field.selectionEnd ?? start
  const value = field.value.slice(0, start) + text + field.value.slice(end)
  // React's own setter, then an input event: rjsf sees the change as if it were typed.
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
  field.focus()
  field.setSelectionRange(start + text.length, start + text.length)
}
