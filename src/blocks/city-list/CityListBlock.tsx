import { SmartLink } from '../../ui/SmartLink'
import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

// `links` is filled in at build time from pages/ (see engine/resolve-blocks.ts).
export function CityListBlock({ heading, intro, cities, links, anchor }: BlockProps<'city-list'>) {
  return (
    <Section heading={heading} intro={intro} anchor={anchor} tone="muted" className="city-list">
      <ul className="city-list__items">
        {cities.map((city) => {
          const target = links?.[city]
          return <li key={city}>{target ? <SmartLink href={target}>{city}</SmartLink> : city}</li>
        })}
      </ul>
    </Section>
  )
}
