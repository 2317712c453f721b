// The block definitions as the engine reads them: generic over every block type, and the one
// walk over a page's blocks and the blocks inside their slots, which every page-wide check uses.
import type { BlockDefinition, SlotSpec } from '../blocks/define'
import { blockDefinitions } from '../blocks/definitions.gen'
import type { Block, BlockType } from '../blocks/types'
import type { PathSegment } from './problems'

export const blockTypes = Object.keys(blockDefinitions) as BlockType[]

/** The definition of a block's type, widened: the engine treats every block alike. */
export const definitionOf = (block: Block | BlockType) =>
  blockDefinitions[typeof block === 'string' ? block : block.type] as unknown as BlockDefinition<object, object> & {
    resolve?: (props: Block, context: Parameters<NonNullable<BlockDefinition['resolve']>>[1]) => object | null
    check?: (props: Block) => ReturnType<NonNullable<BlockDefinition['check']>>
    structuredData?: (props: Block, page: Parameters<NonNullable<BlockDefinition['structuredData']>>[1]) => object[]
    assets?: (props: Block) => string[]
  }

/** A block type's slots, by name (none: {}). */
export const slotsOf = (type: BlockType | string): Readonly<Record<string, SlotSpec>> =>
  (blockDefinitions as Record<string, { slots?: Record<string, SlotSpec> }>)[type]?.slots ?? {}

/**
 * A slot as a property of its block's schema: a list of blocks. `typeSchema` is what its
 * entries' `type` must be: the allowed types for editors and the catalogue; any string when
 * validating, where each entry is then checked against its own type's schema (one clear message
 * for a type the slot does not take, see load-content's validatePage).
 */
export function slotProperty(spec: SlotSpec, typeSchema: object = { enum: spec.types }) {
  return {
    type: 'array',
    ...(spec.max !== undefined ? { maxItems: spec.max } : {}),
    description: `A slot: blocks inside this block, each written like a block of the page (\`- type: …\`); it holds ${spec.max === 1 ? 'one block' : spec.max ? `up to ${spec.max} blocks` : 'blocks'} of type ${spec.types.join(' or ')}. ${spec.description}`,
    items: { type: 'object', required: ['type'], properties: { type: typeSchema } },
  }
}

type PropsSchema = { properties: Record<string, unknown>; required?: readonly string[] }

/** A block type's schema with its slots as properties, their entries' types as `typeSchema` gives. */
export function schemaWithSlots(type: BlockType, typeSchema?: (spec: SlotSpec) => object): PropsSchema {
  const schema = blockDefinitions[type].schema as unknown as PropsSchema
  const slots = Object.entries(slotsOf(type))
  if (!slots.length) return schema
  const properties = { ...schema.properties }
  for (const [name, spec] of slots) properties[name] = slotProperty(spec, typeSchema?.(spec))
  return { ...schema, properties }
}

/** Block type -> JSON Schema of its props, slots included (docs, editor schema, validation). */
export const blockSchemas = Object.fromEntries(blockTypes.map((t) => [t, schemaWithSlots(t)])) as {
  [K in BlockType]: (typeof blockDefinitions)[K]['schema']
}

/** Fields whose value is an internal link (or a map of them), in any block or in site.yaml. */
export const linkFields = new Set(['href', 'url', ...blockTypes.flatMap((t) => definitionOf(t).linkFields ?? [])])

/** The blocks in each of a block's slots, by slot name (only the slots it fills). */
export function slotBlocks(block: Block): [string, Block[]][] {
  return Object.keys(slotsOf(block.type)).flatMap((name) => {
    const value = (block as Record<string, unknown>)[name]
    return Array.isArray(value) ? [[name, value as Block[]]] : []
  })
}

/** One block met by walkBlocks: where it is in the file, and the block and slot holding it, if any. */
export type BlockVisit = {
  block: Block
  path: PathSegment[]
  parent?: { block: Block; slot: string; path: PathSegment[] }
}

/**
 * Every block of a list and the blocks inside their slots, in document order (a block, then
 * the blocks in its slots, depth first), each with its path in the file.
 */
export function walkBlocks(blocks: readonly Block[], path: PathSegment[] = ['blocks']): BlockVisit[] {
  const out: BlockVisit[] = []
  const visit = (list: readonly Block[], at: PathSegment[], parent?: BlockVisit['parent']) => {
    list.forEach((block, i) => {
      if (!block || typeof block !== 'object') return
      const here = [...at, i]
      out.push({ block, path: here, ...(parent ? { parent } : {}) })
      for (const [name, inner] of slotBlocks(block)) visit(inner, [...here, name], { block, slot: name, path: here })
    })
  }
  visit(blocks, path)
  return out
}

/** The block with each of its slots' blocks replaced by `map`'s (undefined drops one), depth first. */
export function mapSlots(block: Block, map: (inner: Block) => Block | undefined): Block {
  const slots = slotBlocks(block)
  if (!slots.length) return block
  const copy = { ...block } as Record<string, unknown>
  for (const [name, inner] of slots)
    copy[name] = inner.flatMap((b) => {
      const mapped = map(mapSlots(b, map))
      return mapped ? [mapped] : []
    })
  return copy as Block
}

/** Whether a block's code runs on a first load: its own policy, or one of its slots' blocks has one. */
export const hydratesOnFirstLoad = (block: Block): boolean =>
  !!definitionOf(block).hydrate || slotBlocks(block).some(([, inner]) => inner.some(hydratesOnFirstLoad))
