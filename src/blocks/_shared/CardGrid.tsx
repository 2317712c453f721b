import type { CSSProperties } from 'react'
import type { Picture as PictureData } from '../../content/picture'
import { fillText } from '../../content/texts'
import type { IconName } from '../../icon-names'
import { SmartLink } from '../../ui/SmartLink'
import { BlockIcon } from './BlockIcon'
import { Picture } from './Picture'

export type CardItem = {
  title: string
  text: string
  icon?: IconName
  image?: PictureData
  features?: readonly string[]
  href?: string
  linkLabel: string
}

/**
 * How wide a card's image is shown (cards.css): one column on phones, two from 700 px, `columns`
 * from 1000 px, in the content column (1200 px at most) less the gaps and the card's padding.
 */
const CARD_SIZES: Record<2 | 3 | 4, string> = {
  2: '(min-width: 1232px) 560px, (min-width: 700px) calc(50vw - 4.5rem), calc(100vw - 5rem)',
  3: '(min-width: 1232px) 360px, (min-width: 1000px) calc(33vw - 4rem), (min-width: 700px) calc(50vw - 4.5rem), calc(100vw - 5rem)',
  4: '(min-width: 1232px) 260px, (min-width: 1000px) calc(25vw - 4rem), (min-width: 700px) calc(50vw - 4.5rem), calc(100vw - 5rem)',
}

export function CardGrid({
  items,
  columns = 3,
  stagger = false,
  about,
}: {
  items: readonly CardItem[]
  columns?: 2 | 3 | 4
  stagger?: boolean
  /** What screen readers hear after a card's link, {title} being the card's (site.yaml texts.cards.about). */
  about: string
}) {
  return (
    <ul className={`cards__grid cards__grid--${columns}`}>
      {items.map((card, index) => (
        <li
          key={card.title}
          className={stagger ? 'card card--stagger' : 'card'}
          // Staggered entrance: each card starts (position + 1) × 100 ms after the section.
          style={stagger ? ({ '--stagger-delay': `${(index + 1) * 100}ms` } as CSSProperties) : undefined}
        >
          {card.image ? <Picture image={card.image} sizes={CARD_SIZES[columns]} className="card__image" /> : null}
          <BlockIcon name={card.icon} />
          <h3 className="card__title">{card.title}</h3>
          <p>{card.text}</p>
          {card.features?.length ? (
            <ul className="card__features">
              {card.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          ) : null}
          {card.href ? (
            <SmartLink href={card.href} className="card__link">
              {card.linkLabel}
              <span className="visually-hidden"> {fillText(about, { title: card.title })}</span>
            </SmartLink>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
