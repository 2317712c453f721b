// The block definitions as the engine reads them: generic over every block type.
import type { BlockDefinition } from '../blocks/define'
import { blockDefinitions } from '../blocks/definitions.gen'
import type { Block, BlockType } from '../blocks/types'

export const blockTypes = Object.keys(blockDefinitions) as BlockType[]

/** Block type -> JSON Schema of its props (docs, editor schema, validation). */
export const blockSchemas = Object.fromEntries(blockTypes.map((t) => [t, blockDefinitions[t].schema])) as {
  [K in BlockType]: (typeof blockDefinitions)[K]['schema']
}

/** The definition of a block's type, widened: the engine treats every block alike. */
export const definitionOf = (block: Block | BlockType) =>
  blockDefinitions[typeof block === 'string' ? block : block.type] as unknown as BlockDefinition<object, object> & {
    resolve?: (props: Block, context: Parameters<NonNullable<BlockDefinition['resolve']>>[1]) => object | null
    check?: (props: Block) => ReturnType<NonNullable<BlockDefinition['check']>>
    structuredData?: (props: Block, page: Parameters<NonNullable<BlockDefinition['structuredData']>>[1]) => object[]
    assets?: (props: Block) => string[]
  }

/** Fields whose value is an internal link (or a map of them), in any block or in site.yaml. */
export const linkFields = new Set(['href', 'url', ...blockTypes.flatMap((t) => definitionOf(t).linkFields ?? [])])
