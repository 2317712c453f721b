import type { FromSchema } from 'json-schema-to-ts'
import type { ComponentType, ReactNode } from 'react'
import type { Crumb, PageMeta } from '../content/types'
import type { HydratePolicy } from './define'
import type { blockDefinitions } from './definitions.gen'

type Definitions = typeof blockDefinitions
export type BlockType = keyof Definitions

/** What the block's resolver adds at build time (never written in YAML). */
type ResolvedOf<D> = D extends { resolve?: (...args: never[]) => infer R } ? Exclude<R, null> : unknown

/** A block's props: its schema's (defaults filled in), plus what its resolver adds. */
export type BlockProps<K extends BlockType> = FromSchema<Definitions[K]['schema']> & ResolvedOf<Definitions[K]>

/** One entry of a page's `blocks:` list, discriminated by `type`. */
export type Block = { [K in BlockType]: { type: K } & BlockProps<K> }[BlockType]

/** What a block's browser module gives: its component and, if it has one, the code to load before it renders. */
export type LoadedBlock<K extends BlockType> = {
  component: ComponentType<BlockProps<K>>
  preload?: (props: BlockProps<K>) => Promise<void>
}

/** The browser half of each block: its code, loaded on demand, and when it hydrates on a first load. */
export type BlockComponents = {
  [K in BlockType]: { load: () => Promise<LoadedBlock<K>>; hydrate?: HydratePolicy; slots?: readonly string[] }
}

/** A validated, resolved page as the browser receives it. */
export type PageData = {
  path: string
  meta: PageMeta
  blocks: Block[]
  /** Home first, this page last; empty on the home page. */
  breadcrumbs: Crumb[]
  /** The page's language: site.yaml's locale code of its address (/es/… is es). */
  locale: string
  /** The same page in the site's other languages (from `meta.translationOf`), for the switcher and hreflang. */
  translations: { locale: string; path: string }[]
}

/**
 * What a block gets besides its fields from the list that renders it (RenderBlocks): each of its
 * slots' blocks rendered, in an element of the class it gives, and whether it is itself inside a
 * slot. Handed down, not imported, so that no block imports the list that imports every block.
 */
export type SlotProps = {
  slots?: Record<string, (className?: string) => ReactNode>
  inSlot?: true
}
