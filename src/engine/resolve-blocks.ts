// Blocks whose content depends on other pages get it here, at build time, so the browser
// receives finished data and no page needs to know about the others at run time.
import type { Block } from '../blocks/types'

export type SiteIndex = {
  /** City name -> address of the page that declares `meta.city` with that name. */
  cityPages: Map<string, string>
}

export function resolveBlock(block: Block, index: SiteIndex): Block {
  switch (block.type) {
    case 'city-list': {
      const links: Record<string, string> = {}
      for (const city of block.cities) {
        const target = index.cityPages.get(city) ?? block.fallbackHref
        if (target) links[city] = target
      }
      return { ...block, links }
    }
    default:
      return block
  }
}
