// The page editor's server half, which the development server hands its requests under /_editor/
// (src/vite/page-editor.ts, added by `npm run edit` only): the editor's page, the preview frames'
// document and the API, a table of routes (routes.ts). It reads and writes nothing but
// pages/**/*.yaml and the photos it stores under public/images/<page>/; checks drafts with the very
// code `npm run check` runs (editor-content.ts); resolves drafts for the preview frames, which render
// them with the site's own components in the browser (preview-frame/); saves through yaml-edit.ts,
// and publishes through git (publish-routes.ts). It writes files, so every request must come from
// the editor's page itself (Host, Origin and Fetch Metadata) and every write carries the token made
// for this run.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { relative, sep } from 'node:path'
import { editorPage, previewDocument, sendDocument } from './documents'
import { EditorContent, type EditorHost } from './editor-content'
import { answerOfError, checkSameOrigin, sendJson } from './http'
import { pageRoutes } from './page-routes'
import { photoRoute } from './photo-route'
import { API_PATH, EDITOR_PATH, PREVIEW_PATH } from './protocol'
import { publishRoutes } from './publish-routes'
import { dispatcher, type Route } from './routes'
import { scaffoldRoutes } from './scaffold-routes'

/** Every route of the editor's API. */
export function editorRoutes(content: EditorContent, host: EditorHost): Route[] {
  return [
    ...pageRoutes(content, host),
    ...scaffoldRoutes(content, host),
    photoRoute(content.root, host),
    ...publishRoutes({
      root: content.root,
      problems: async (file, text) =>
        text === undefined
          ? content.withHeadings(content.store.content(), file)
          : (await content.check(file, text)).problems,
      changed: (files) => content.store.update(files),
    }),
  ]
}

export function editorServer({ root, token, host }: { root: string; token: string; host: EditorHost }) {
  const content = new EditorContent(root, host)
  const api = dispatcher(editorRoutes(content, host), token)

  /** Answers a request under /_editor/; hands any other to `next`. */
  async function handle(req: IncomingMessage, res: ServerResponse, next: () => void) {
    const url = new URL(req.url ?? '/', 'http://editor.invalid')
    const { pathname } = url
    if (!pathname.startsWith(EDITOR_PATH) && pathname !== EDITOR_PATH.slice(0, -1)) return next()
    try {
      checkSameOrigin(req.headers)
      if (pathname === EDITOR_PATH.slice(0, -1)) res.writeHead(308, { location: EDITOR_PATH }).end()
      else if (pathname === EDITOR_PATH)
        sendDocument(res, await host.transformIndexHtml(EDITOR_PATH, editorPage(token)), 'DENY')
      // Only the editor's own page may show the preview.
      else if (pathname === PREVIEW_PATH)
        sendDocument(res, await host.transformIndexHtml(PREVIEW_PATH, previewDocument()), 'SAMEORIGIN')
      else if (pathname.startsWith(API_PATH)) sendJson(res, await api(req, url))
      else next()
    } catch (error) {
      sendJson(res, answerOfError(error))
    }
  }

  return {
    handle,
    /** A file of the site added, changed or removed on disk (its full path). */
    fileChanged: (file: string) => content.fileChanged(relative(root, file).split(sep).join('/')),
  }
}
