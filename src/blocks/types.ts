import type { FromSchema } from 'json-schema-to-ts'
import type { IconName } from '../icon-names'
import type { blockSchemas } from './schemas'

export type BlockType = keyof typeof blockSchemas

export type RelatedLink = { title: string; url: string; description: string; icon: IconName }
export type ServiceSummary = { title: string; href: string; icon: IconName; summary: string }
export type ArticleFacts = { category: string; date: string; readTime: string; author: string }
export type PostSummary = ArticleFacts & {
  href: string
  title: string
  excerpt: string
  image: { src: string; alt: string; width: number; height: number }
}

/** Props the engine computes at build time (from site.yaml and other pages); never written in YAML. */
type ResolvedProps = {
  'city-list': { links?: Record<string, string> }
  'related-links': { links?: RelatedLink[] }
  'service-cards': { services?: ServiceSummary[] }
  'insights-list': { posts?: PostSummary[] }
  'article-header': { article?: ArticleFacts }
}

export type BlockProps<K extends BlockType> = FromSchema<(typeof blockSchemas)[K]> &
  (K extends keyof ResolvedProps ? ResolvedProps[K] : unknown)

/** One entry of a page's `blocks:` list, discriminated by `type`. */
export type Block = { [K in BlockType]: { type: K } & BlockProps<K> }[BlockType]
