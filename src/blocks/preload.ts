import { loadForm } from './form/load-form'
import type { Block } from './types'

/** Loads the code that a page's blocks need before the page renders (its forms). */
export async function preloadBlocks(blocks: readonly Block[]): Promise<void> {
  await Promise.all(blocks.map((block) => (block.type === 'form' ? loadForm(block.form) : undefined)))
}
