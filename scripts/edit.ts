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
const { createServer, mergeConfig } = await import('vite')
const { pageEditor } = await import('../src/vite/page-editor')
const { siteViteConfig } = await import('../src/vite/config')
const { EDITOR_PATH } = await import('../src/editor/server/protocol')

// The site in the working folder, with the engine's Vite config for it (src/vite/config.ts).
const siteRoot = process.cwd()
const port = Number(process.env.PORT ?? 5173)
const token = randomBytes(32).toString('base64url')
const server = await createServer(
  mergeConfig(siteViteConfig({ command: 'serve', siteRoot }), {
    configFile: false,
    plugins: [pageEditor({ token, siteRoot })],
    server: { host: '127.0.0.1', port, strictPort: true },
  }),
)
await server.listen()
console.log(`Page editor: http://127.0.0.1:${port}${EDITOR_PATH}`)
console.log(`The site, as you save: http://127.0.0.1:${port}/`)
const stop = () => void server.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
