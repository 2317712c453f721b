// What a block is, as the engine sees it: one definition per folder (src/blocks/<type>/
// definition.ts), read at build time only. The engine calls these hooks and never asks which
// type a block is; the browser half of a block is its component (<Type>Block.tsx). Both
// registries are generated from the folders (src/blocks/*.gen.ts).
import type { FromSchema, JSONSchema } from 'json-schema-to-ts'
import type { Picture } from '../content/picture'
import type { PageMeta, SiteConfig } from '../content/types'

export type PostSummary = {
  href: string
  title: string
  excerpt: string
  category: string
  date: string
  readTime: string
  author: string
  image: Picture
  /** The article's language where it is not the page's: a default-language article not translated yet. */
  lang?: string
}

/** What a block may know about the rest of the site when it is resolved at build time. */
export type SiteIndex = {
  /** The page's language (site.yaml's locale code, e.g. es): dates and counts are written in it. */
  locale: string
  /** site.yaml in the page's language: its texts, menus and service catalogue are that language's. */
  site: SiteConfig
  /** The site's places: name -> address of the page in the same language that declares it (`meta.city`). */
  places: ReadonlyMap<string, string>
  /** Every article page in the same language, newest first. */
  posts: readonly PostSummary[]
  /** The page in this language that is (or translates) the default-language page at `address`, if any. */
  equivalentOf: (address: string) => string | undefined
}

export type BlockContext = { page: { path: string; meta: PageMeta }; index: SiteIndex }

/** A problem its schema cannot express, at a path inside the block (e.g. ['items', 2, 'id']). */
export type BlockRule = { at: (string | number)[]; message: string; severity?: 'error' | 'warning' }

/** A schema.org node a block adds to its page's JSON-LD graph. */
export type StructuredNode = { '@type': string }

/** The page a block's structured data describes. */
export type StructuredPage = { url: string; meta: PageMeta; site: SiteConfig }

/** A block's props as written in YAML, defaults filled in. */
export type PropsOf<S> = S extends JSONSchema ? FromSchema<S> : never

/**
 * When a block's code runs on a page's first load (the HTML is already there): never (left
 * out: a static block keeps its server HTML and its code never loads), as soon as the app
 * starts (`load`), when it scrolls into view, when the browser is idle, or on the first
 * pointer, key or focus inside it (the event is then replayed by React). Any of them also
 * starts on interaction. After a client-side
 * navigation every block renders at once. The browser registry is generated from it
 * (src/engine/block-registry.ts loads the definition).
 */
export type HydratePolicy = 'load' | 'visible' | 'idle' | 'interaction'

export type BlockHooks<P, R extends object = object> = {
  hydrate?: HydratePolicy
  /**
   * Props computed at build time from site.yaml and other pages, merged into the block the
   * browser receives; `null` drops a block left with nothing to show.
   */
  resolve?: (props: P, context: BlockContext) => R | null
  /** Fields (besides href and url) whose value is an internal link, or a map of them. */
  linkFields?: readonly string[]
  /** Fields that hold identifiers, not words a visitor would search for. */
  nonTextFields?: readonly string[]
  /** Rules for one block that its schema cannot express, given what site.yaml declares. */
  check?: (props: P, site: SiteConfig) => BlockRule[]
  /** What the block says to search engines, as schema.org nodes for the page's graph. */
  structuredData?: (props: P & R, page: StructuredPage) => StructuredNode[]
  /** Source modules whose stylesheets the prerendered page links (code the block loads later). */
  assets?: (props: P) => string[]
  /**
   * Named places inside the block that hold other blocks (`aside: slot(...)`), each a list in
   * the block's YAML under its name. The browser registry is generated from the names.
   */
  slots?: Readonly<Record<string, SlotSpec>>
  /** The block renders a <form>: no block inside it, in a slot, may render one too. */
  rendersForm?: boolean
}

/** What one slot of a block may hold: which block types, and how many of them. */
export type SlotSpec = {
  /** The block types allowed in the slot. */
  types: readonly string[]
  /** At most this many blocks (none: any number). */
  max?: number
  /** What the slot is for, for the block catalogue and editors. */
  description: string
}

/** A slot of a block definition (see `slots`). */
export const slot = (spec: SlotSpec): SlotSpec => spec

export type BlockDefinition<S = unknown, R extends object = object> = BlockHooks<PropsOf<S>, R> & {
  /** Props as written in YAML; `default`s are filled in by the validator. */
  schema: S
}

/**
 * A block's definition: its schema (as const, so props types come from it), and the hooks,
 * typed by the props that schema describes.
 */
export function defineBlock<const S, R extends object = object>(
  schema: S,
  hooks: BlockHooks<PropsOf<S>, R> = {},
): BlockDefinition<S, R> {
  return { schema, ...hooks }
}
