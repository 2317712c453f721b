import { BlockIcon } from '../_shared/BlockIcon'
import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

export function BadgesBlock({ heading, items, anchor }: BlockProps<'badges'>) {
  return (
    <Section heading={heading} anchor={anchor} className="badges">
      <ul className="badges__list">
        {items.map((item) => (
          <li key={item.label}>
            <BlockIcon name={item.icon} size={20} />
            {item.label}
          </li>
        ))}
      </ul>
    </Section>
  )
}
