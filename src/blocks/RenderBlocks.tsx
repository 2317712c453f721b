import type { ComponentType } from 'react'
import { blockComponents } from './components'
import type { Block } from './types'

export function RenderBlocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        // Each entry is typed by the map's mapped type; TS cannot correlate the
        // two through a dynamic key, so the component is widened once, here.
        const Component = blockComponents[block.type] as ComponentType<Block>
        return <Component key={index} {...block} />
      })}
    </>
  )
}
