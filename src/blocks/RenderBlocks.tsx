import { type ComponentType, type Context, createContext, Suspense, use, useLayoutEffect } from 'react'
import { nextTask } from '../measure/next-task'
import { blockComponents } from './components.gen'
import { hydrationGate, isFirstLoad, loadBlock, slotHydrated } from './hydration'
import type { Block } from './types'

// One context however often this module is instantiated: the build imports its server bundle's
// entry by an address with the bundle's digest in it, and a block's chunk imports the entry by
// its plain address, which makes a second instance of the entry's modules.
const PLACE = Symbol.for('blocks:place')

/**
 * Where a block is on the page, as hydration names it: its index among the page's blocks, or,
 * inside a slot, `<its block's>.<slot>.<index>` (e.g. `0.aside.0`).
 */
type Place = number | string | undefined
const shared = globalThis as { [PLACE]?: Context<Place> }
shared[PLACE] ??= createContext<Place>(undefined)
const BlockPlace: Context<Place> = shared[PLACE]

/** One block in its own Suspense boundary: on a first load it hydrates when its policy says. */
function BlockSlot({ block, place, count }: { block: Block; place: number | string; count: number }) {
  const loaded = use(hydrationGate(blockComponents, block, place, count) ?? loadBlock(blockComponents, block.type))
  // Each entry is typed by the registry's mapped type; TS cannot correlate the two through a
  // dynamic key, so the component is widened once, here.
  const Component = loaded.component as ComponentType<Block>
  useLayoutEffect(() => slotHydrated(place), [place])
  return (
    <BlockPlace value={place}>
      <Component {...block} />
    </BlockPlace>
  )
}

export function RenderBlocks({ blocks, within }: { blocks: readonly Block[]; within?: string }) {
  return (
    <>
      {blocks.map((block, index) => (
        <Suspense key={index} fallback={null}>
          <BlockSlot block={block} place={within === undefined ? index : `${within}.${index}`} count={blocks.length} />
        </Suspense>
      ))}
    </>
  )
}

/**
 * The blocks in one slot of the block rendering it, through the same path as the page's blocks
 * (each in its own boundary, hydrating by its policy, early taps replayed), in an element that
 * names the slot's place (`data-slot`), where hydration finds their server HTML.
 */
export function SlotBlocks({
  name,
  blocks,
  className,
}: {
  name: string
  blocks?: readonly Block[]
  className?: string
}) {
  const owner = use(BlockPlace)
  if (!blocks?.length) return null
  const within = `${owner ?? 'x'}.${name}`
  return (
    <div className={className} data-slot={within}>
      <RenderBlocks blocks={blocks} within={within} />
    </div>
  )
}

/** Whether the block rendering this is inside a slot of another block. */
export const useInSlot = () => typeof use(BlockPlace) === 'string'

/**
 * Loads the code a page's blocks need before the page renders (their modules, then what they
 * preload), the blocks in their slots too. Not on a first load in the browser: there each block
 * loads when it hydrates, and the router's first load goes on in a task of its own (matching the
 * address, running the loaders and committing the matches were one task of the app's start, the
 * longest after hydration's).
 */
export async function preloadBlocks(blocks: readonly Block[]): Promise<void> {
  if (isFirstLoad()) return nextTask()
  await Promise.all(
    blocks.map(async (block) => {
      const loaded = await loadBlock(blockComponents, block.type)
      await (loaded.preload as ((props: Block) => Promise<void>) | undefined)?.(block)
      await preloadBlocks(slotContents(block))
    }),
  )
}

/** The blocks in a block's slots (the registry names its slots). */
export function slotContents(block: Block): Block[] {
  const names = blockComponents[block.type].slots ?? []
  return names.flatMap((name) => {
    const value = (block as Record<string, unknown>)[name]
    return Array.isArray(value) ? (value as Block[]) : []
  })
}
