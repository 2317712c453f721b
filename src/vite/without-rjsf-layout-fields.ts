import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** rjsf's layout fields, which the forms never use, left out of the built bundle (see the bridge). */
export function withoutRjsfLayoutFields(): Plugin {
  const bridge = fileURLToPath(new URL('../forms/layout-fields-bridge.tsx', import.meta.url))
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
