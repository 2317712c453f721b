import { useLoaderData } from '@tanstack/react-router'
import { RenderBlocks } from '../blocks/RenderBlocks'
import type { PageData } from '../blocks/types'
import { Breadcrumbs } from './Breadcrumbs'

export function PageView() {
  const page = useLoaderData({ strict: false }) as PageData
  return (
    <>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <RenderBlocks blocks={page.blocks} />
    </>
  )
}
