// A page file as the engine holds it once read, and what is found in it once per version of the
// file (its links, its images): the types load-content.ts makes and the integrity checks read, in
// a module of their own so that neither imports the other for them.
import type { Block, PageData } from '../blocks/types'
import type { PathSegment, Problem } from './problems'
import type { YamlSource } from './yaml-source'

export type RawPage = { meta: PageData['meta']; blocks: Block[] }
export type ParsedPage = {
  file: string
  address: string
  source: YamlSource
  /** As written, placeholders filled and schema defaults applied. */
  raw: RawPage
  /**
   * The blocks as the browser receives them (resolved at build time), each with its index in
   * the YAML (resolving drops a block left with nothing to show); set once the site is valid.
   */
  blocks?: { block: Block; index: number }[]
  /** The internal links the page writes (found once per version of its file). */
  links?: Link[]
  /** The facts of site.yaml the page writes out by hand (found once per version of its file). */
  repeatedFacts?: Problem[]
  /** The images the page shows (found once per version of its file). */
  images?: ImageRef[]
}

export type Link = {
  source: YamlSource
  /** Where the link is written, e.g. ['blocks', 2, 'actions', 0, 'href']. */
  path: PathSegment[]
  href: string
  /** The address part: no #fragment, no ?query. */
  address: string
  /** The page the link is on (undefined for site.yaml: navigation, footer, catalogue). */
  page?: ParsedPage
  /** Set when the link is not written in the YAML but is a block's default: the field to set. */
  implicit?: string
  /** false for links visitors cannot follow (meta.canonical): checked, but reach nothing. */
  followable: boolean
}

export type ImageRef = {
  source: YamlSource
  path: PathSegment[]
  src: string
  alt?: { value: string; path: PathSegment[] }
}
