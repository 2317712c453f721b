import { Actions } from '../_shared/Actions'
import { Paragraphs, Section } from '../_shared/Section'
import type { BlockProps } from '../types'

export function HeroBlock({ heading, eyebrow, text, actions, stats, image, anchor }: BlockProps<'hero'>) {
  return (
    <Section heading={heading} level={1} anchor={anchor} tone="dark" className="hero" eyebrow={eyebrow}>
      {text ? <Paragraphs text={text} className="hero__text" /> : null}
      <Actions actions={actions} />
      {stats?.length ? (
        <ul className="hero__stats">
          {stats.map((s) => (
            <li key={s.label}>
              <strong>{s.value}</strong> <span>{s.label}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {image ? (
        // The hero image is the page's largest paint: load it first, never lazily.
        <img
          className="hero__image"
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          fetchPriority="high"
          loading="eager"
        />
      ) : null}
    </Section>
  )
}
