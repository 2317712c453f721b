import { useId } from 'react'
import type { Block, BlockProps, SlotProps } from '../types'

export function ColumnsBlock({ heading, anchor, slots }: BlockProps<'columns'> & { columns?: Block[] } & SlotProps) {
  const headingId = useId()
  return (
    <section id={anchor} aria-labelledby={heading ? headingId : undefined} className="block block--light columns-block">
      <div className="container">
        {heading ? (
          <h2 id={headingId} className="block__heading">
            {heading}
          </h2>
        ) : null}
        {slots?.columns?.('columns-block__grid')}
      </div>
    </section>
  )
}
