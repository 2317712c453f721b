import { type ComponentType, Suspense, use, useLayoutEffect } from 'react'
import { nextTask } from '../measure/next-task'
import { blockComponents } from './components.gen'
import { hydrationGate, isFirstLoad, loadBlock, slotHydrated } from './hydration'
import type { Block, SlotProps } from './types'

/** One block in its own Suspense boundary: on a first load it hydrates when its policy says. */
function BlockSlot({ block, place, count }: { block: Block; place: number | string; count: number }) {
  const loaded = use(hydrationGate(blockComponents, block, place, count) ?? loadBlock(blockComponents, block.type))
  // Each entry is typed by the registry's mapped type; TS cannot correlate the two through a
  // dynamic key, so the component is widened once, here.
  const Component = loaded.component as ComponentType<Block & SlotProps>
  useLayoutEffect(() => slotHydrated(place), [place])
  return <Component {...block} {...slotPropsOf(block, place)} />
}

/**
 * Where a block is on the page, as hydration names it: its index among the page's blocks, or,
 * inside a slot, `<its block's>.<slot>.<index>` (e.g. `0.aside.0`).
 */
function slotPropsOf(block: Block, place: number | string): SlotProps {
  const names = blockComponents[block.type].slots ?? []
  const slots = Object.fromEntries(
    names.map((name) => [
      name,
      (className?: string) => (
        <SlotBlocks within={`${place}.${name}`} blocks={slotBlocksOf(block, name)} className={className} />
      ),
    ]),
  )
  return { ...(names.length ? { slots } : {}), ...(typeof place === 'string' ? { inSlot: true } : {}) }
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
 * The blocks in one slot of a block, through the same path as the page's blocks (each in its own
 * boundary, hydrating by its policy, early taps replayed), in an element that names the slot's
 * place (`data-slot`), where hydration finds their server HTML.
 */
function SlotBlocks({ within, blocks, className }: { within: string; blocks: readonly Block[]; className?: string }) {
  if (!blocks.length) return null
  return (
    <div className={className} data-slot={within}>
      <RenderBlocks blocks={blocks} within={within} />
    </div>
  )
}

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
  return names.flatMap((name) => slotBlocksOf(block, name))
}

function slotBlocksOf(block: Block, name: string): Block[] {
  const value = (block as Record<string, unknown>)[name]
  return Array.isArray(value) ? (value as Block[]) : []
}
