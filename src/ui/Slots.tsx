import { Fragment, type ReactNode } from 'react'
import { splitSlots } from '../content/texts'

/** A site text with React nodes (a phone link…) in its {slots}, e.g. "call us at {phone}". */
export function Slots({ text, slots }: { text: string; slots: Record<string, ReactNode> }) {
  return (
    <>
      {splitSlots(text).map((part, i) => (
        <Fragment key={i}>
          {part.text}
          {part.slot ? (slots[part.slot] ?? `{${part.slot}}`) : null}
        </Fragment>
      ))}
    </>
  )
}
