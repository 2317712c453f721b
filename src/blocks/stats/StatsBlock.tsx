import { BlockIcon } from '../_shared/BlockIcon'
import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

export function StatsBlock({ heading, intro, items, anchor }: BlockProps<'stats'>) {
  return (
    <Section heading={heading} intro={intro} anchor={anchor} tone="muted" className="stats">
      <ul className="stats__list">
        {items.map((item) => (
          <li key={item.label} className="stats__item">
            <BlockIcon name={item.icon} />
            <strong className="stats__value">{item.value}</strong>
            <span className="stats__label">{item.label}</span>
          </li>
        ))}
      </ul>
    </Section>
  )
}
