import type { Plugin } from 'vite'

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

export function compileHintsForLoadedCode(): Plugin {
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
