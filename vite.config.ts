import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { localBackend } from './server/vite-local-backend'
import { siteContent } from './src/engine/vite-plugin'
import { precompiledFormValidators } from './src/forms/precompiled-validators'

/** rjsf's layout fields, which the forms never use, left out of the built bundle (see the bridge). */
function withoutRjsfLayoutFields(): Plugin {
  const bridge = fileURLToPath(new URL('src/forms/layout-fields-bridge.tsx', import.meta.url))
  return {
    name: 'without-rjsf-layout-fields',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const inFields = importer?.replaceAll('\\', '/').includes('/@rjsf/core/lib/components/fields/')
      return inFields && /^\.\/Layout(Grid|Header|MultiSchema)Field\.js$/.test(source) ? bridge : null
    },
  }
}

/**
 * The site stylesheet (the entry's) is on every page already: the rules the page's markup uses
 * inlined, the rest in a file of their own (`data-styles`, scripts/page-styles.ts), which the app
 * loads before it takes over. Code imported later from a chunk that imports the entry's (a
 * form's) would otherwise have Vite's preload helper load the whole stylesheet again: declared
 * twice, every rule makes the browser recompute every style and paint the page again. So in the
 * preload lists of the built code, the entry's stylesheet is named as the page's rest-of-styles
 * file, which the helper finds already loaded.
 */
function entryStylesheetAsThePages() {
  const entryCss = new Set<string>()
  const plugin: Plugin = {
    name: 'entry-stylesheet-as-the-pages',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry)
            for (const css of chunk.viteMetadata?.importedCss ?? []) entryCss.add(css)
      },
    },
  }
  const renderBuiltUrl = (filename: string, { hostType }: { hostType: 'js' | 'css' | 'html' }) =>
    hostType === 'js' && entryCss.has(filename)
      ? {
          runtime: `(document.querySelector("script[data-styles]")?.dataset.styles??${JSON.stringify(`/${filename}`)})`,
        }
      : undefined
  return { plugin, renderBuiltUrl }
}

const entryStylesheet = entryStylesheetAsThePages()

export default defineConfig(({ command }) => ({
  plugins: [
    siteContent(),
    precompiledFormValidators(),
    localBackend(),
    withoutRjsfLayoutFields(),
    entryStylesheet.plugin,
    react(),
  ],
  experimental: { renderBuiltUrl: entryStylesheet.renderBuiltUrl },
  resolve: {
    // What rjsf imports but the forms never use, replaced in the built bundle by small bridges
    // (each file says why and when it goes): about 40 KB gzip of the form's code. Not in the
    // development server, where the page editor (npm run edit) validates with ajv at runtime.
    alias:
      command !== 'build'
        ? []
        : [
            {
              find: /^markdown-to-jsx\/react$/,
              replacement: fileURLToPath(new URL('src/forms/markdown-bridge.tsx', import.meta.url)),
            },
            {
              find: /^fast-uri$/,
              replacement: fileURLToPath(new URL('src/forms/fast-uri-bridge.ts', import.meta.url)),
            },
          ],
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsInlineLimit: 0,
    // No <link rel="modulepreload">: preloaded scripts are fetched at high priority and compete
    // with the HTML and first paint on a slow connection; the page needs no script to be seen.
    modulePreload: false,
    // The prerenderer reads it to link each form's stylesheet and code in the HTML.
    manifest: true,
  },
  server: { port: 5173 },
  preview: { port: 4173 },
}))
