import ChevronDown from 'lucide-react/icons/chevron-down'
import { useId, useState } from 'react'
import { Paragraphs, Section } from '../_shared/Section'
import type { BlockProps } from '../types'

// The WAI-ARIA accordion pattern: each question is a button (aria-expanded, aria-controls)
// inside a heading, each answer a labelled region. One answer is open at a time; clicking
// the open question closes it.
export function FaqBlock({ heading, intro, items, anchor }: BlockProps<'faq'>) {
  const [openId, setOpenId] = useState<string | null>(null)
  const base = useId()
  return (
    <Section heading={heading} intro={intro} anchor={anchor} className="faq">
      <div className="faq__list">
        {items.map((item) => {
          const open = openId === item.id
          const buttonId = `${base}-${item.id}-q`
          const panelId = `${base}-${item.id}-a`
          return (
            <div key={item.id} className="faq__item">
              <h3 className="faq__question">
                <button
                  type="button"
                  id={buttonId}
                  className="faq__control"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenId(open ? null : item.id)}
                >
                  <span>{item.question}</span>
                  <ChevronDown aria-hidden="true" size={20} className="faq__chevron" />
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!open}>
                <Paragraphs text={item.answer} />
              </div>
            </div>
          )
        })}
      </div>
    </Section>
  )
}
