import { CardGrid } from '../_shared/CardGrid'
import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

export function CardsBlock({ heading, intro, items, columns, stagger, about, anchor }: BlockProps<'cards'>) {
  return (
    <Section heading={heading} intro={intro} anchor={anchor} className="cards">
      <CardGrid items={items} columns={columns} stagger={stagger} about={about} />
    </Section>
  )
}
