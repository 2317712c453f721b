import { Accordion } from '@mantine/core'
import type { BlockProps } from '../types'
import { Paragraphs, Section } from '../_shared/Section'
import './faq.css'

// Mantine's Accordion gives the button/region semantics and keyboard support; its
// default single mode is the spec's behaviour (one open at a time, click again to close).
export function FaqBlock({ heading, intro, items, anchor }: BlockProps<'faq'>) {
  return (
    <Section heading={heading} intro={intro} anchor={anchor} className="faq">
      <Accordion className="faq__list" variant="separated" order={3}>
        {items.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel><Paragraphs text={item.answer} /></Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Section>
  )
}
