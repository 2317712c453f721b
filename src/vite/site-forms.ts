// Vite plugin: each of the site's forms (<root>/forms/<kind>/form.ts) as its own chunk, the form
// component the block loads when the visitor turns to it: the module `src/forms/<kind>-form.tsx`,
// written here from the registry's kinds, not kept as a file per form, so a site's forms are its
// own. It renders the form with the engine's component (src/forms/JsonSchemaForm.tsx) and its
// precompiled validator (`virtual:form-validator/<kind>`, ./form-validators.ts). `virtual:form-code`
// is what loads them: each kind's dynamic import, for src/blocks/form/load-form.ts.
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { loadSiteForms } from '../../server/site-forms.ts'
import type { createForm } from '../forms/JsonSchemaForm'

const IMPORTERS_ID = 'virtual:form-code'
const ENGINE_FORMS = fileURLToPath(new URL('../forms/', import.meta.url))
const COMPONENT = join(ENGINE_FORMS, 'JsonSchemaForm.tsx')
/** What each form's module calls there, with its kind, its definition and its validator. */
const CREATE_FORM: (typeof createForm)['name'] = 'createForm'

/** Where a form's chunk is named from (and the build's manifest keys it by): src/forms/<kind>-form.tsx. */
const moduleOf = (kind: string) => join(ENGINE_FORMS, `${kind}-form.tsx`)

/** `contact` → `contactForm`, `job-offer` → `jobOfferForm`: what forms/<kind>/form.ts exports. */
export const formExportOf = (kind: string) => `${kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Form`

export function siteFormModules(options: { siteRoot: string }): Plugin {
  let kinds: readonly string[] = []
  let root = options.siteRoot
  const kindOf = (id: string) => {
    const file = id.startsWith(ENGINE_FORMS) ? id : resolve(root, `.${id}`)
    return kinds.find((kind) => file === moduleOf(kind))
  }
  return {
    name: 'site-form-modules',
    enforce: 'pre',
    async config() {
      kinds = (await loadSiteForms(options.siteRoot)).kinds
    },
    configResolved(config) {
      root = config.root
    },
    resolveId(id) {
      if (id === IMPORTERS_ID) return `\0${IMPORTERS_ID}`
      const kind = kindOf(id)
      return kind ? moduleOf(kind) : undefined
    },
    load(id) {
      if (id === `\0${IMPORTERS_ID}`)
        return `export const importers = {\n${kinds.map((kind) => `  ${JSON.stringify(kind)}: () => import(${JSON.stringify(moduleOf(kind))}),`).join('\n')}\n}\n`
      const kind = kindOf(id)
      if (!kind) return undefined
      const definition = join(options.siteRoot, 'forms', kind, 'form.ts')
      return [
        `import validateFns from ${JSON.stringify(`virtual:form-validator/${kind}`)}`,
        `import { ${formExportOf(kind)} as form } from ${JSON.stringify(definition)}`,
        `import { ${CREATE_FORM} } from ${JSON.stringify(COMPONENT)}`,
        `export default ${CREATE_FORM}(${JSON.stringify(kind)}, form, validateFns)`,
        '',
      ].join('\n')
    },
  }
}
