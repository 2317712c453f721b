import { type ComponentType, Suspense, use, useLayoutEffect } from 'react'
import { nextTask } from '../measure/next-task'
import { blockComponents } from './components.gen'
import { hydrationGate, isFirstLoad, loadBlock, slotHydrated } from './hydration'
import type { Block } from './types'

/** One block in its own Suspense boundary: on a first load it hydrates when its policy says. */
function BlockSlot({ block, index, count }: { block: Block; index: number; count: number }) {
  const loaded = use(hydrationGate(blockComponents, block, index, count) ?? loadBlock(blockComponents, block.type))
  // Each entry is typed by the registry's mapped type; TS cannot correlate the two through a
  // dynamic key, so the component is widened once, here.
  const Component = loaded.component as ComponentType<Block>
  useLayoutEffect(() => slotHydrated(index), [index])
  return <Component {...block} />
}

export function RenderBlocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <Suspense key={index} fallback={null}>
          <BlockSlot block={block} index={index} count={blocks.length} />
        </Suspense>
      ))}
    </>
  )
}

/**
 * Loads the code a page's blocks need before the page renders (their modules, then what they
 * preload). Not on a first load in the browser: there each block loads when it hydrates, and
 * the router's first load goes on in a task of its own (matching the address, running the
 * loaders and committing the matches were one task of the app's start, the longest after
 * hydration's).
 */
export async function preloadBlocks(blocks: readonly Block[]): Promise<void> {
  if (isFirstLoad()) return nextTask()
  await Promise.all(
    blocks.map(async (block) => {
      const loaded = await loadBlock(blockComponents, block.type)
      await (loaded.preload as ((props: Block) => Promise<void>) | undefined)?.(block)
    }),
  )
}
