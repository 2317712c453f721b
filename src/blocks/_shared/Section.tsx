import { type ReactNode, useId } from 'react'

type SectionProps = {
  heading: string
  /** 1 only for the page's main heading (the hero); sections default to 2. */
  level?: 1 | 2
  intro?: string
  anchor?: string
  className?: string
  tone?: 'light' | 'muted' | 'dark'
  /** A short line shown above the heading (e.g. a credential or a tagline). */
  eyebrow?: string
  children?: ReactNode
}

// Every block renders through this, so every block is a labelled <section> with a heading.
export function Section({
  heading,
  level = 2,
  intro,
  anchor,
  className,
  tone = 'light',
  eyebrow,
  children,
}: SectionProps) {
  const headingId = useId()
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <section id={anchor} aria-labelledby={headingId} className={`block block--${tone} ${className ?? ''}`}>
      <div className="container">
        {eyebrow ? <p className="block__eyebrow">{eyebrow}</p> : null}
        <Heading id={headingId} className="block__heading">
          {heading}
        </Heading>
        {intro ? <Paragraphs text={intro} className="block__intro" /> : null}
        {children}
      </div>
    </section>
  )
}

/** Renders text with blank-line-separated paragraphs as <p> elements. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((para, i) => (
        <p key={i} className={className}>
          {para.trim()}
        </p>
      ))}
    </>
  )
}
