import { BlockIcon } from '../_shared/BlockIcon'
import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

export function StepsBlock({ heading, intro, items, anchor }: BlockProps<'steps'>) {
  return (
    <Section heading={heading} intro={intro} anchor={anchor} tone="muted" className="steps">
      <ol className="steps__list">
        {items.map((step, i) => (
          <li key={step.title} className="steps__item">
            <span className="steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <BlockIcon name={step.icon} />
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  )
}
