// Vite plugin: `virtual:form-validator/<kind>` is @rjsf/validator-ajv8's precompiled validator
// for a form's browser schema, generated at build time from the form registry with
// `compileSchemaValidatorsCode`, so the browser runs no ajv compiler and no `new Function`
// (the Content-Security-Policy forbids eval). Its errors are ajv's own, which common/forms/messages.ts
// words exactly as the function does.
import { join } from 'node:path'
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import type { Plugin } from 'vite'
import { FORM_AJV_OPTIONS } from '../../common/forms/ajv-options'
import { browserSchema } from '../../common/forms/define'
import { FORM_KINDS, FORMS, type FormKind } from '../../forms/registry'
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
export function cachedAjvCode(kind: FormKind, schema: object, cacheDir: string | undefined): string {
  const head = `// ${sha256(`${JSON.stringify(schema)}\n${GENERATOR}`)}\n`
  const cache = cacheDir ? new VerifiedCache(join(cacheDir, 'form-validators')) : undefined
  const kept = cache?.read(kind, 'cjs')?.toString('utf8')
  if (kept?.startsWith(head)) return kept.slice(head.length)
  const code = compileSchemaValidatorsCode(schema, OPTIONS)
  void cache?.write(kind, 'cjs', Buffer.from(head + code))
  return code
}

const made = new Map<FormKind, string>()
function ajvCode(kind: FormKind, cacheDir: string | undefined): string {
  const known = made.get(kind)
  if (known !== undefined) return known
  const code = cachedAjvCode(kind, browserSchema(FORMS[kind]), cacheDir)
  made.set(kind, code)
  return code
}

/** The browser's validator module for a form: ajv's code, as ESM. */
export function formValidatorCode(kind: FormKind, cacheDir?: string): string {
  return commonJsToEsm(ajvCode(kind, cacheDir))
}

/** The modules of ajv's runtime the validators import (`ajv/dist/runtime/ucs2length`, …). */
function runtimeHelpers(cacheDir: string): string[] {
  const code = FORM_KINDS.map((kind) => formValidatorCode(kind, cacheDir)).join('\n')
  return [...new Set([...code.matchAll(/^import \* as \w+ from "([^"]+)";$/gm)].map((m) => m[1]))]
}

/** `cacheDir`: the build cache's folder (default: BUILD_CACHE_DIR, or the site's .cache/). */
export function precompiledFormValidators(options: { cacheDir?: string } = {}): Plugin {
  let cacheDir = options.cacheDir ?? buildCacheDir(process.cwd())
  return {
    name: 'form-validators',
    // The development server bundles them with the other dependencies at start: found only once a
    // form's code loads, they would be bundled then, and Vite reloads every open page when it does.
    config(config, { command }) {
      cacheDir = options.cacheDir ?? buildCacheDir(config.root ?? process.cwd())
      return command === 'serve' ? { optimizeDeps: { include: runtimeHelpers(cacheDir) } } : undefined
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined
      const kind = id.slice(PREFIX.length + 1) as FormKind
      if (!FORM_KINDS.includes(kind)) this.error(`Unknown form "${kind}"`)
      return formValidatorCode(kind, cacheDir)
    },
  }
}
