// npm run edit: the development server with the page editor at http://127.0.0.1:<PORT>/_editor/
// (PORT as for the other scripts, default 5173). The editor writes pages/**/*.yaml, so it listens
// on 127.0.0.1 only and hands its page a token made for this run, which every write must carry.
// Nothing of it is built into dist/ or served by npm run serve: only this script adds it.
import { randomBytes } from 'node:crypto'

// The editor is the marketers' tool: it runs React's production build (dependencies bundled
// with NODE_ENV "production", JSX compiled for it, no Fast Refresh, which nothing here needs: a
// saved YAML file reaches the open pages by the site plugin's own event). The development build
// checks and records every element (a quarter of the CPU of opening a page in the editor).
// NODE_ENV=development npm run edit keeps it, to debug the editor; any other value (vitest's
// "test", inherited by the editor a test starts) gives the marketers' build. Set before anything
// imports React, so that the editor's server-side renders bind to the same build as Vite's.
if (process.env.NODE_ENV !== 'development') process.env.NODE_ENV = 'production'
const { createServer } = await import('vite')
const { pageEditor } = await import('../src/vite/page-editor')
const { EDITOR_PATH } = await import('../src/editor/server/protocol')

const port = Number(process.env.PORT ?? 5173)
const token = randomBytes(32).toString('base64url')
const server = await createServer({
  // vite.config.ts imported by this process, under tsx, which resolves the engine's `@site/forms/…`
  // to the working folder's forms by its tsconfig.json (Vite's own config runner knows no such paths).
  configLoader: 'native',
  plugins: [pageEditor({ token })],
  server: { host: '127.0.0.1', port, strictPort: true },
})
await server.listen()
console.log(`Page editor: http://127.0.0.1:${port}${EDITOR_PATH}`)
console.log(`The site, as you save: http://127.0.0.1:${port}/`)
const stop = () => void server.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
