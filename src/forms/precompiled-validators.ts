// Vite plugin: `virtual:form-validator/<kind>` is @rjsf/validator-ajv8's precompiled validator
// for a form's browser schema, generated at build time from the form registry with
// `compileSchemaValidatorsCode`, so the browser runs no ajv compiler and no `new Function`
// (the Content-Security-Policy forbids eval). Its errors are ajv's own, which forms/messages.ts
// words exactly as the function does.
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import type { Plugin } from 'vite'
import { browserSchema } from '../../forms/define'
import { FORM_KINDS, FORMS, type FormKind } from '../../forms/registry'

const PREFIX = 'virtual:form-validator/'

/**
 * ajv's standalone output is CommonJS (its runtime helpers are required): the `require()`s
 * become namespace imports.
 */
export function commonJsToEsm(code: string): string {
  const imports = new Map<string, string>()
  const body = code.replace(/require\("([^"]+)"\)/g, (_, specifier: string) => {
    if (!imports.has(specifier)) imports.set(specifier, `__dep${imports.size}`)
    return imports.get(specifier)!
  })
  const header = [...imports]
    .map(([specifier, name]) => `import * as ${name} from ${JSON.stringify(specifier)};`)
    .join('\n')
  return `${header}\nconst module = { exports: {} };\nconst exports = module.exports;\n${body}\nexport default module.exports;\n`
}

export function formValidatorCode(kind: FormKind): string {
  return commonJsToEsm(
    compileSchemaValidatorsCode(browserSchema(FORMS[kind]), {
      // Lean code: the messages and the schema in each error are never shown (forms/messages.ts
      // words the errors), and line breaks are bytes. The options that decide what is valid
      // are those of supabase/functions/_shared/validate.ts.
      ajvOptionsOverrides: {
        allErrors: true,
        strictRequired: false,
        ownProperties: true,
        messages: false,
        verbose: false,
        code: { lines: false },
      },
      // The formats as the regular expressions ajv-formats checks them with on the server,
      // inlined, instead of ajv-formats' whole module.
      ajvFormatOptions: false,
      customFormats: { email: fullFormats.email as RegExp },
    }),
  )
}

/** The modules of ajv's runtime the validators import (`ajv/dist/runtime/ucs2length`, …). */
function runtimeHelpers(): string[] {
  const code = FORM_KINDS.map(formValidatorCode).join('\n')
  return [...new Set([...code.matchAll(/^import \* as \w+ from "([^"]+)";$/gm)].map((m) => m[1]))]
}

export function precompiledFormValidators(): Plugin {
  return {
    name: 'form-validators',
    // The development server bundles them with the other dependencies at start: found only once a
    // form's code loads, they would be bundled then, and Vite reloads every open page when it does.
    config: (_, { command }) => (command === 'serve' ? { optimizeDeps: { include: runtimeHelpers() } } : undefined),
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined
      const kind = id.slice(PREFIX.length + 1) as FormKind
      if (!FORM_KINDS.includes(kind)) this.error(`Unknown form "${kind}"`)
      return formValidatorCode(kind)
    },
  }
}
