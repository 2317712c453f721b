// The engine's Vite config for a site, as a function: vite.config.ts calls it for the Vite CLI
// (npm run dev) and the page editor, and the build hands it to Vite itself, so that every Vite
// build of one site build shares what the build holds (the warnings said, the build cache).
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { UserConfig } from 'vite'
import { ENGINE_ROOT } from '../engine/engine-root'
import { bootScripts } from './boot-scripts'
import { compileHintsForLoadedCode } from './compile-hints'
import { entryStylesheetAsThePages } from './entry-stylesheet'
import { precompiledFormValidators } from './form-validators'
import { localBackend } from './local-backend'
import { type SiteContentOptions, siteContent } from './site-content'
import { siteFormModules } from './site-forms'
import { withoutRjsfLayoutFields } from './without-rjsf-layout-fields'

export type SiteViteOptions = SiteContentOptions & {
  command: 'build' | 'serve'
  /** The site's folder: its site.yaml, pages/, forms/ and public/ (the engine's folder, or another: examples/<name>). */
  siteRoot: string
}

export function siteViteConfig({ command, siteRoot, ...content }: SiteViteOptions): UserConfig {
  const entryStylesheet = entryStylesheetAsThePages()
  return {
    // Vite's root is the engine's folder (index.html, src/): its modules, the manifest's keys and
    // the development server's addresses are the same for every site; the site's files are its own.
    root: ENGINE_ROOT,
    publicDir: join(siteRoot, 'public'),
    plugins: [
      siteContent({ ...content, siteRoot }),
      precompiledFormValidators({ siteRoot, cacheDir: content.cacheDir }),
      siteFormModules({ siteRoot }),
      localBackend({ siteRoot }),
      bootScripts(),
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
      // The site's forms (its forms/ folder), which the engine's code imports as `@site/forms/…`
      // (tsconfig.json's paths say the same to TypeScript and tsx).
      alias: [
        { find: /^@site\/forms\//, replacement: `${join(siteRoot, 'forms')}/` },
        ...(command !== 'build'
          ? []
          : [
              {
                find: /^markdown-to-jsx\/react$/,
                replacement: fileURLToPath(new URL('../forms/markdown-bridge.tsx', import.meta.url)),
              },
              {
                find: /^fast-uri$/,
                replacement: fileURLToPath(new URL('../forms/fast-uri-bridge.ts', import.meta.url)),
              },
            ]),
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
    server: { port: 5173, fs: { allow: [ENGINE_ROOT, siteRoot] } },
    preview: { port: 4173 },
  }
}
