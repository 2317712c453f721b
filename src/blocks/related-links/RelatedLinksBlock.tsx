import { SmartLink } from '../../ui/SmartLink'
import { BlockIcon } from '../_shared/BlockIcon'
import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

// `links` is chosen at build time from site.yaml's set for `context`; the engine drops the
// whole block when no link remains, so this never renders empty.
export function RelatedLinksBlock({ heading, links, anchor }: BlockProps<'related-links'>) {
  return (
    <Section heading={heading} anchor={anchor} className="related-links">
      <ul className="related-links__list">
        {links.map((l) => (
          <li key={l.url}>
            <BlockIcon name={l.icon} size={22} />
            <div>
              <SmartLink href={l.url} className="related-links__title">
                {l.title}
              </SmartLink>
              <p>{l.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}
