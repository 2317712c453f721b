import type { Plugin } from 'vite'

/**
 * The site stylesheet (the entry's) is on every page already: the rules the page's markup uses
 * inlined, the rest in a file of their own (`data-styles`, src/build/page-styles.ts), which the app
 * loads before it takes over. Code imported later from a chunk that imports the entry's (a
 * form's) would otherwise have Vite's preload helper load the whole stylesheet again: declared
 * twice, every rule makes the browser recompute every style and paint the page again. So in the
 * preload lists of the built code, the entry's stylesheet is named as the page's rest-of-styles
 * file, which the helper finds already loaded. The plugin finds the entry's stylesheet; Vite's
 * `experimental.renderBuiltUrl` is given `renderBuiltUrl`.
 */
export function entryStylesheetAsThePages() {
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
