// The page editor's Vite plugin, which only `npm run edit` adds (scripts/edit.ts): it hands the
// development server's requests under /_editor/ and its file events to the editor's server
// (src/editor/server/editor-server.ts). Nothing of it is built into dist/.
import type { Plugin } from 'vite'
import { editorServer } from '../editor/server/editor-server'

/** `siteRoot`: the site whose pages the editor writes (its site.yaml, pages/). */
export function pageEditor({ token, siteRoot }: { token: string; siteRoot: string }): Plugin {
  const root = siteRoot
  return {
    name: 'page-editor',
    apply: 'serve',
    config: () => ({
      // The editor's own modules are known at start, so their dependencies are bundled before
      // the page opens (a dependency found later reloads every open page, the editor too).
      optimizeDeps: { entries: ['index.html', 'src/editor/app/main.tsx', 'src/editor/preview-frame/main.tsx'] },
      // A build run beside the editor writes dist/: nothing there is a source.
      server: { watch: { ignored: ['**/dist/**', '**/.data/**'] } },
    }),
    configureServer(server) {
      const editor = editorServer({ root, token, host: server })
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, editor.fileChanged)
      server.middlewares.use((req, res, next) => void editor.handle(req, res, next))
    },
  }
}
