import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

export function ProseBlock({ heading, content, tone, anchor }: BlockProps<'prose'>) {
  return (
    <Section heading={heading} anchor={anchor} tone={tone} className="prose">
      <div className="prose__body">
        {content.map((part, i) =>
          typeof part === 'string' ? (
            <p key={i}>{part}</p>
          ) : 'subheading' in part ? (
            <h3 key={i}>{part.subheading}</h3>
          ) : (
            <ul key={i}>
              {part.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ),
        )}
      </div>
    </Section>
  )
}
