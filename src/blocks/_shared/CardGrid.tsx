import type { CSSProperties } from 'react'
import { fillText } from '../../content/texts'
import type { IconName } from '../../icon-names'
import { SmartLink } from '../../ui/SmartLink'
import { BlockIcon } from './BlockIcon'

export type CardItem = {
  title: string
  text: string
  icon?: IconName
  image?: { src: string; alt: string; width?: number; height?: number }
  features?: readonly string[]
  href?: string
  linkLabel: string
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
          {card.image ? (
            <img
              src={card.image.src}
              alt={card.image.alt}
              width={card.image.width}
              height={card.image.height}
              loading="lazy"
              decoding="async"
              className="card__image"
            />
          ) : null}
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
