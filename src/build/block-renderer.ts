// The blocks' own server renderer, loaded through Vite without building (npm run check and
// the integrity tests): the checks of rendered HTML read what the components really output.
import { createServer, mergeConfig } from 'vite'
import type { RenderBlocks } from '../engine/integrity/headings'
import { siteViteConfig } from '../vite/config'

export type BlockRenderer = { render: RenderBlocks; close: () => Promise<void> }

export async function openBlockRenderer(root: string): Promise<BlockRenderer> {
  const server = await createServer(
    mergeConfig(siteViteConfig({ command: 'serve', siteRoot: root }), {
      configFile: false,
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, watch: null },
    }),
  )
  const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as typeof import('../entry-server')
  return { render: entry.renderBlocks as RenderBlocks, close: () => server.close() }
}

/**
 * A renderer opened at its first use (starting Vite takes seconds): a check whose rendered
 * headings all come from the cache never starts it.
 */
export function lazyBlockRenderer(root: string): BlockRenderer {
  let opened: Promise<BlockRenderer> | undefined
  return {
    render: async (blocks) => {
      opened ??= openBlockRenderer(root)
      return (await opened).render(blocks)
    },
    close: async () => (opened ? (await opened).close() : undefined),
  }
}
