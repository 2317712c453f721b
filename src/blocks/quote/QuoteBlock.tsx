import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

export function QuoteBlock({ heading, quote, author, company, anchor }: BlockProps<'quote'>) {
  return (
    <Section heading={heading} anchor={anchor} tone="muted" className="quote">
      <figure className="testimonial">
        <blockquote>
          <p>“{quote}”</p>
        </blockquote>
        <figcaption>
          <strong>{author}</strong>, {company}
        </figcaption>
      </figure>
    </Section>
  )
}
