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
 * inlined, the rest in a file of their own (`data-styles`, src/build/page-styles.ts), which the app
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

/**
 * V8's explicit compile hint (Chrome 136+, ignored elsewhere) at the top of the built chunks whose
 * functions mostly run as soon as they are loaded: the app's start, the router, React, the blocks
 * on the page, a form once its visitor reaches it. Without it V8 compiles each function on the
 * main thread at its first call (about 700 functions as the home page starts, about half of what
 * its start and hydration tasks cost); with it V8 compiles them on a background thread while the
 * file streams in (about 300 are left, React DOM's). Not React DOM's client: most of it never runs
 * at hydration, and eagerly compiled it made its own evaluation, already the page's longest task,
 * longer (measured at 4x CPU; see the note of issue 35).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\./
function compileHintsForLoadedCode(): Plugin {
  const hintFor = (chunk: { moduleIds: readonly string[] }) =>
    chunk.moduleIds.some((id) => REACT_DOM_CLIENT.test(id)) ? '' : COMPILE_HINT
  return {
    name: 'compile-hints-for-loaded-code',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    // After minification, which would drop the comment, and before the files' names are hashed.
    outputOptions: (options) => ({ ...options, postBanner: hintFor }),
    // V8 reads the hint only at the top of the file: above the list of a chunk's dependencies
    // that Vite writes in front of the code afterwards.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.code.includes(`\n${COMPILE_HINT}\n`))
            chunk.code = `${COMPILE_HINT}\n${chunk.code.replace(`\n${COMPILE_HINT}\n`, '\n')}`
      },
    },
  }
}

const entryStylesheet = entryStylesheetAsThePages()

export default defineConfig(({ command }) => ({
  plugins: [
    siteContent(),
    precompiledFormValidators(),
    localBackend(),
    withoutRjsfLayoutFields(),
    entryStylesheet.plugin,
    compileHintsForLoadedCode(),
    react(),
  ],
  experimental: { renderBuiltUrl: entryStylesheet.renderBuiltUrl },
  // The built site (npm run build), the one with a service worker (dist/sw.js). Not a development
  // server, not even npm run edit's, whose React is the production build (import.meta.env.PROD).
  define: { 'import.meta.env.BUILT': JSON.stringify(command === 'build') },
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
