import { Actions } from '../_shared/Actions'
import { Paragraphs, Section } from '../_shared/Section'
import type { BlockProps } from '../types'

export function CtaBlock({ heading, text, actions, tone, anchor }: BlockProps<'cta'>) {
  return (
    <Section heading={heading} anchor={anchor} tone="dark" className={`cta cta--${tone}`}>
      {text ? <Paragraphs text={text} className="cta__text" /> : null}
      <Actions actions={actions} />
    </Section>
  )
}
