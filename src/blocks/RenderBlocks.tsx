import type { ComponentType } from 'react'
import { blockRegistry } from './registry'
import type { Block } from './types'

export function RenderBlocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        // The union is narrowed by the registry's mapped type; TS cannot correlate the
        // two through a dynamic key, so the component is widened once, here.
        const Component = blockRegistry[block.type].component as ComponentType<Block>
        return <Component key={index} {...block} />
      })}
    </>
  )
}
