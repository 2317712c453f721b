import type { FromSchema } from 'json-schema-to-ts'
import type { blockSchemas } from './schemas'

export type BlockType = keyof typeof blockSchemas

/** Props the engine computes at build time (from other pages); never written in YAML. */
type ResolvedProps = {
  'city-list': { links?: Record<string, string> }
}

export type BlockProps<K extends BlockType> = FromSchema<(typeof blockSchemas)[K]> &
  (K extends keyof ResolvedProps ? ResolvedProps[K] : unknown)

/** One entry of a page's `blocks:` list, discriminated by `type`. */
export type Block = { [K in BlockType]: { type: K } & BlockProps<K> }[BlockType]
