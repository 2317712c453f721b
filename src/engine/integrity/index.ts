// Checks across files that a JSON Schema (one file at a time) cannot make. Each returns
// problems located at file:line:col with what is wrong and how to fix it.
import type { SiteConfig } from '../../content/types'
import type { ParsedPage } from '../load-content'
import type { Problem } from '../problems'
import type { YamlSource } from '../yaml-source'

export type IntegrityInput = {
  site: SiteConfig
  siteSource: YamlSource
  /** Every page that passed its schema, with placeholders filled. */
  pages: ParsedPage[]
}

export function checkIntegrity(_input: IntegrityInput): Problem[] {
  return []
}
