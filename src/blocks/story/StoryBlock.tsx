import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

export function StoryBlock({ label, heading, paragraphs, outcomes, anchor }: BlockProps<'story'>) {
  return (
    <Section heading={heading} anchor={anchor} eyebrow={label} className="story">
      <div className="story__body">
        <div>
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        {outcomes?.length ? (
          <ul className="story__outcomes">
            {outcomes.map((o) => (
              <li key={o.label}>
                <strong>{o.value}</strong> <span>{o.label}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Section>
  )
}
