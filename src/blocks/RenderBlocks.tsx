import type { ComponentType } from 'react'
import { blockComponents } from './components.gen'
import type { Block } from './types'

// Each entry is typed by the registry's mapped type; TS cannot correlate the two through a
// dynamic key, so the entry is widened once, here.
const entryOf = (block: Block) =>
  blockComponents[block.type] as {
    component: ComponentType<Block>
    preload?: (props: Block) => Promise<void>
  }

export function RenderBlocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        const Component = entryOf(block).component
        return <Component key={index} {...block} />
      })}
    </>
  )
}

/** Loads the code that a page's blocks need before the page renders. */
export async function preloadBlocks(blocks: readonly Block[]): Promise<void> {
  await Promise.all(blocks.map((block) => entryOf(block).preload?.(block)))
}
