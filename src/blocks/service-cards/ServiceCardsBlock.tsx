import { Actions } from '../_shared/Actions'
import { CardGrid } from '../_shared/CardGrid'
import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

// `services` is filled in at build time from site.yaml's catalogue, minus the current page.
export function ServiceCardsBlock({
  heading,
  intro,
  services,
  linkLabel,
  viewAll,
  about,
  anchor,
}: BlockProps<'service-cards'>) {
  const items = services.map((s) => ({ title: s.title, text: s.summary, icon: s.icon, href: s.href, linkLabel }))
  return (
    <Section heading={heading} intro={intro} anchor={anchor} tone="muted" className="service-cards">
      <CardGrid items={items} columns={items.length % 4 === 0 ? 4 : 3} about={about} />
      {viewAll ? <Actions actions={[viewAll]} /> : null}
    </Section>
  )
}
