import { useReducedMotion } from '@mantine/hooks'
import ChevronLeft from 'lucide-react/icons/chevron-left'
import ChevronRight from 'lucide-react/icons/chevron-right'
import Pause from 'lucide-react/icons/pause'
import Play from 'lucide-react/icons/play'
import { useId, useLayoutEffect, useState } from 'react'
import { fillText } from '../../content/texts'
import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

// An auto-rotating carousel that meets WCAG 2.2.2: a visible Pause control, pausing while
// the pointer or keyboard focus is inside, and no automatic movement under reduced motion.
export function TestimonialsBlock({ heading, intro, items, intervalMs, texts, anchor }: BlockProps<'testimonials'>) {
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const reducedMotion = useReducedMotion()
  const id = useId()
  const rotating = !paused && !reducedMotion && items.length > 1

  // A layout effect: the next turn is scheduled in the same task that shows this slide, so
  // a slide is never on screen without its timer (and tests driving a fake clock see both).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new slide (index) restarts the one-shot timer
  useLayoutEffect(() => {
    if (!rotating || hovered || focused) return
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % items.length), intervalMs)
    return () => window.clearTimeout(timer)
  }, [rotating, hovered, focused, index, intervalMs, items.length])

  const go = (next: number) => setIndex((next + items.length) % items.length)

  return (
    <Section heading={heading} intro={intro} anchor={anchor} tone="muted" className="testimonials">
      <div
        className="carousel"
        role="region"
        aria-roledescription="carousel"
        aria-label={heading}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
        }}
      >
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            onClick={() => setPaused((p) => !p)}
            aria-pressed={!rotating}
          >
            {rotating ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
            {rotating ? texts.pause : texts.play}
            <span className="visually-hidden"> {texts.rotation}</span>
          </button>
        </div>
        <div id={id} className="carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
          {items.map((item, i) => (
            // A figure may not take role="group", so the slide is a div around it.
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={fillText(texts.slide, { number: i + 1, count: items.length })}
              hidden={i !== index}
            >
              <figure className="testimonial">
                <blockquote>
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption>
                  <strong>{item.author}</strong>, {item.company}
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
        <div className="carousel__nav">
          <button type="button" className="carousel__button" onClick={() => go(index - 1)} aria-controls={id}>
            <ChevronLeft aria-hidden="true" size={18} />
            <span className="visually-hidden">{texts.previous}</span>
          </button>
          <ul className="carousel__dots">
            {items.map((_, i) => (
              <li key={i}>
                <button
                  type="button"
                  className="carousel__dot"
                  onClick={() => go(i)}
                  aria-controls={id}
                  aria-current={i === index ? 'true' : undefined}
                >
                  <span className="visually-hidden">{fillText(texts.show, { number: i + 1 })}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="carousel__button" onClick={() => go(index + 1)} aria-controls={id}>
            <ChevronRight aria-hidden="true" size={18} />
            <span className="visually-hidden">{texts.next}</span>
          </button>
        </div>
      </div>
    </Section>
  )
}
