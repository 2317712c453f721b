import type { CSSProperties } from 'react'
import type { BlockProps } from '../types'
import { BlockIcon } from '../_shared/BlockIcon'
import { Section } from '../_shared/Section'
import { SmartLink } from '../_shared/SmartLink'
import './cards.css'

export function CardsBlock({ heading, intro, items, columns = 3, stagger, anchor }: BlockProps<'cards'>) {
  return (
    <Section heading={heading} intro={intro} anchor={anchor} className="cards">
      <ul className={`cards__grid cards__grid--${columns}`}>
        {items.map((card, index) => (
          <li
            key={card.title}
            className={stagger ? 'card card--stagger' : 'card'}
            style={stagger ? ({ '--stagger-delay': `${(index + 1) * 100}ms` } as CSSProperties) : undefined}
          >
            {card.image ? (
              <img src={card.image.src} alt={card.image.alt} width={card.image.width} height={card.image.height} loading="lazy" decoding="async" className="card__image" />
            ) : null}
            <BlockIcon name={card.icon} />
            <h3 className="card__title">{card.title}</h3>
            <p>{card.text}</p>
            {card.features?.length ? (
              <ul className="card__features">{card.features.map((f) => <li key={f}>{f}</li>)}</ul>
            ) : null}
            {card.href ? (
              <SmartLink href={card.href} className="card__link">
                {card.linkLabel ?? 'Learn More'}<span className="visually-hidden"> about {card.title}</span>
              </SmartLink>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  )
}
