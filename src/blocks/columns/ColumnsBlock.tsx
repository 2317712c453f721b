import { useId } from 'react'
import { SlotBlocks } from '../RenderBlocks'
import type { Block, BlockProps } from '../types'

export function ColumnsBlock({ heading, anchor, columns }: BlockProps<'columns'> & { columns?: Block[] }) {
  const headingId = useId()
  return (
    <section id={anchor} aria-labelledby={heading ? headingId : undefined} className="block block--light columns-block">
      <div className="container">
        {heading ? (
          <h2 id={headingId} className="block__heading">
            {heading}
          </h2>
        ) : null}
        <SlotBlocks name="columns" blocks={columns} className="columns-block__grid" />
      </div>
    </section>
  )
}
