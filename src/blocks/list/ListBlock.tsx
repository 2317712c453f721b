import Check from 'lucide-react/icons/check'
import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

export function ListBlock({ heading, intro, items, style, columns, tone, note, anchor }: BlockProps<'list'>) {
  return (
    <Section heading={heading} intro={intro} anchor={anchor} tone={tone} className="list">
      <ul className={`list__items list__items--${columns} list__items--${style}`}>
        {items.map((item) => (
          <li key={item}>
            {style === 'check' ? <Check aria-hidden="true" size={18} className="list__mark" /> : null}
            <span>{item}</span>
          </li>
        ))}
      </ul>
      {note ? <p className="list__note">{note}</p> : null}
    </Section>
  )
}
