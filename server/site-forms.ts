// A site's forms, read from its root: <root>/forms/registry.ts, which lists each form (its folder
// beside it) by the name pages use. The local backend, the scripts that serve, report or purge a
// site's submissions, and the build's form validators read the site's forms from here; the
// browser's code finds them through the `@site/forms` alias (src/vite/config.ts).
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FormRegistry } from '../common/forms/define.ts'

export type SiteForms = {
  /** The site's forms by kind. */
  forms: FormRegistry
  /** Their kinds, in the registry's order: the choices of a form block's `form`. */
  kinds: readonly string[]
}

/** The registry of the site at `root` (its forms/registry.ts's `FORMS` and `FORM_KINDS`). */
export async function loadSiteForms(root: string): Promise<SiteForms> {
  const file = join(root, 'forms', 'registry.ts')
  const registry = (await import(pathToFileURL(file).href)) as { FORMS?: FormRegistry; FORM_KINDS?: readonly string[] }
  if (!registry.FORMS) throw new Error(`${file} exports no FORMS: the site's forms by kind`)
  return { forms: registry.FORMS, kinds: registry.FORM_KINDS ?? Object.keys(registry.FORMS) }
}
