import { Actions } from '../_shared/Actions'
import { imageLayouts } from '../_shared/image-layouts'
import { Picture } from '../_shared/Picture'
import { Paragraphs, Section } from '../_shared/Section'
import type { Block, BlockProps, SlotProps } from '../types'

export function HeroBlock({
  heading,
  eyebrow,
  text,
  actions,
  stats,
  image,
  anchor,
  aside,
  slots,
}: BlockProps<'hero'> & { aside?: Block[] } & SlotProps) {
  return (
    <Section
      heading={heading}
      level={1}
      anchor={anchor}
      tone="dark"
      className={aside?.length ? 'hero hero--aside' : 'hero'}
      eyebrow={eyebrow}
    >
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
        // The hero image is the page's largest paint: fetched first, never lazily.
        <Picture image={image} sizes={imageLayouts.hero.sizes} first className="hero__image" />
      ) : null}
      {slots?.aside?.('hero__aside')}
    </Section>
  )
}
