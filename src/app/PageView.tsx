import { site } from 'virtual:site'
import { useLoaderData } from '@tanstack/react-router'
import { RenderBlocks } from '../blocks/RenderBlocks'
import type { PageData } from '../content/types'
import { Breadcrumbs } from './Breadcrumbs'
import { jsonLdText, structuredData } from './structured-data'

export function PageView() {
  const page = useLoaderData({ strict: false }) as PageData
  return (
    <>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <RenderBlocks blocks={page.blocks} />
      {/* Structured data for search engines: a data block, never executed (CSP-safe). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLdText */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(structuredData(page, site)) }} />
    </>
  )
}
