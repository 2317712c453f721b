// The two documents the editor's server serves besides its API: the editor's page, which carries
// the token of this run, and the preview frames' document.
import type { ServerResponse } from 'node:http'
import { TOKEN_META } from './protocol'

export function editorPage(token: string) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="${TOKEN_META}" content="${token}" />
    <title>Page editor</title>
  </head>
  <body>
    <div id="editor"></div>
    <script type="module" src="/src/editor/app/main.tsx"></script>
  </body>
</html>
`
}

/**
 * The preview frames' document, loaded once per frame: an empty #root that preview-frame/main.tsx
 * renders each draft into (the site's plugin adds its icon sprite, as to the site's index.html),
 * with the site's stylesheets (imported there, as src/entry-client.tsx imports them). Its own tags
 * in <head> are marked `data-frame`: the others are the page's, which React puts there.
 */
export function previewDocument() {
  // No fade-in: the preview is drawn again at every edit. A block under the pointer is outlined:
  // a click selects its form.
  const own =
    '.page-fade{animation:none!important}[data-editor-block]{cursor:pointer}[data-editor-block]:hover{outline:2px dashed #2563eb;outline-offset:-2px}'
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" data-frame />
    <meta name="viewport" content="width=device-width, initial-scale=1" data-frame />
    <style>${own}</style>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/editor/preview-frame/main.tsx"></script>
  </body>
</html>
`
}

/** A document of the editor: never cached, never sent a referrer; framed by `framedBy` only. */
export function sendDocument(res: ServerResponse, html: string, framedBy: 'DENY' | 'SAMEORIGIN') {
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': framedBy,
    'referrer-policy': 'no-referrer',
  })
  res.end(html)
}
