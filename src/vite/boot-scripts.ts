// The boot script, the page's one script before the app, and the module it imports to lay out
// the later sections: engine code beside the app they start (src/app/). The build reads them from
// there (the prerender inlines the one and writes the other under a name with its digest); the
// development server serves them at the addresses index.html and the boot script name them by.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** Each file by the address it is served at in development. */
export const BOOT_SCRIPTS = {
  boot: { address: '/boot.js', file: fileURLToPath(new URL('../app/boot.js', import.meta.url)) },
  sections: {
    address: '/lay-out-sections.js',
    file: fileURLToPath(new URL('../app/lay-out-sections.js', import.meta.url)),
  },
}

export function bootScripts(): Plugin {
  return {
    name: 'boot-scripts',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0]
        const script = Object.values(BOOT_SCRIPTS).find((s) => s.address === url)
        if (!script) return next()
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8')
        res.setHeader('Cache-Control', 'no-cache')
        res.end(readFileSync(script.file))
      })
    },
  }
}
