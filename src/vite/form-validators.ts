// Vite plugin: `virtual:form-validator/<kind>` is @rjsf/validator-ajv8's precompiled validator
// for a form's browser schema, generated at build time from the form registry with
// `compileSchemaValidatorsCode` (the site's, <root>/forms/registry.ts), so the browser runs no ajv compiler and no `new Function`
// (the Content-Security-Policy forbids eval). Its errors are ajv's own, which common/forms/messages.ts
// words exactly as the function does.
import { join } from 'node:path'
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import type { Plugin } from 'vite'
import { FORM_AJV_OPTIONS } from '../../common/forms/ajv-options'
import { browserSchema, type FormDefinition, type FormRegistry } from '../../common/forms/define'
import { loadSiteForms } from '../../server/site-forms.ts'
import { packageVersion, sha256, VerifiedCache } from '../build/cache'
import { buildCacheDir } from '../engine/content-cache'

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

// Lean code: the messages and the schema in each error are never shown (common/forms/messages.ts words
// the errors), and line breaks are bytes. The options that decide what is valid are the
// functions' (common/forms/ajv-options.ts). The formats as the regular expressions ajv-formats
// checks them with on the server, inlined, instead of ajv-formats' whole module.
const OPTIONS = {
  ajvOptionsOverrides: {
    ...FORM_AJV_OPTIONS,
    messages: false,
    verbose: false,
    code: { lines: false },
  },
  ajvFormatOptions: false as const,
  customFormats: { email: fullFormats.email as RegExp },
}

/** What ajv's code for a form is made from, besides its schema: the generator's packages and options. */
const GENERATOR = JSON.stringify({
  rjsf: packageVersion('@rjsf/validator-ajv8'),
  ajv: packageVersion('ajv'),
  formats: packageVersion('ajv-formats'),
  options: OPTIONS,
  email: String(OPTIONS.customFormats.email),
})

/**
 * ajv's code for a form's schema, made once a process and kept in the build cache (BUILD_CACHE_DIR/
 * form-validators, one entry a form, led by the digest of its schema and generator): generating
 * it takes ajv most of a second of CPU, which every build and every start of the development
 * server or the page editor paid. An entry made from another schema, generator or package
 * version is made again, never used.
 */
export function cachedAjvCode(kind: string, schema: object, cacheDir: string | undefined): string {
  const head = `// ${sha256(`${JSON.stringify(schema)}\n${GENERATOR}`)}\n`
  const cache = cacheDir ? new VerifiedCache(join(cacheDir, 'form-validators')) : undefined
  const kept = cache?.read(kind, 'cjs')?.toString('utf8')
  if (kept?.startsWith(head)) return kept.slice(head.length)
  const code = compileSchemaValidatorsCode(schema, OPTIONS)
  void cache?.write(kind, 'cjs', Buffer.from(head + code))
  return code
}

const made = new WeakMap<FormDefinition, string>()
function ajvCode(kind: string, form: FormDefinition, cacheDir: string | undefined): string {
  const known = made.get(form)
  if (known !== undefined) return known
  const code = cachedAjvCode(kind, browserSchema(form), cacheDir)
  made.set(form, code)
  return code
}

/** The browser's validator module for a form of the site (`kind`, its name in the registry): ajv's code, as ESM. */
export function formValidatorCode(kind: string, form: FormDefinition, cacheDir?: string): string {
  return commonJsToEsm(ajvCode(kind, form, cacheDir))
}

/** The modules of ajv's runtime the validators import (`ajv/dist/runtime/ucs2length`, …). */
function runtimeHelpers(forms: FormRegistry, cacheDir: string): string[] {
  const code = Object.entries(forms)
    .map(([kind, form]) => formValidatorCode(kind, form, cacheDir))
    .join('\n')
  return [...new Set([...code.matchAll(/^import \* as \w+ from "([^"]+)";$/gm)].map((m) => m[1]))]
}

/**
 * `siteRoot`: the site whose forms these are (its forms/registry.ts); `cacheDir`: the build
 * cache's folder (default: BUILD_CACHE_DIR, or the site's .cache/).
 */
export function precompiledFormValidators(options: { siteRoot: string; cacheDir?: string }): Plugin {
  let cacheDir = options.cacheDir ?? buildCacheDir(options.siteRoot)
  let forms: FormRegistry = {}
  return {
    name: 'form-validators',
    // The development server bundles them with the other dependencies at start: found only once a
    // form's code loads, they would be bundled then, and Vite reloads every open page when it does.
    async config(_config, { command }) {
      forms = (await loadSiteForms(options.siteRoot)).forms
      cacheDir = options.cacheDir ?? buildCacheDir(options.siteRoot)
      return command === 'serve' ? { optimizeDeps: { include: runtimeHelpers(forms, cacheDir) } } : undefined
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined
      const kind = id.slice(PREFIX.length + 1)
      if (!Object.hasOwn(forms, kind)) this.error(`Unknown form "${kind}"`)
      return formValidatorCode(kind, forms[kind], cacheDir)
    },
  }
}
