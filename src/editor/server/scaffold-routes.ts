// The editor's routes that write pages by the scripts' own functions: a new page, as `npm run new`
// makes it (src/engine/scaffold.ts), and a translation marked up to date, as
// `npm run check -- --accept-translation <file>` marks it (src/engine/accept-translation.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FromSchema } from 'json-schema-to-ts'
import type { EditorContent, EditorHost } from './editor-content'
import { HttpError } from './http'
import { pageFile, versionOf } from './page-files'
import { post, type Route } from './routes'

type Scaffold = typeof import('../../engine/scaffold')
type Accept = typeof import('../../engine/accept-translation')

/** What the new-page form sends; the scaffold itself checks the kind and the name, with its own messages. */
const NEW_PAGE = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string' },
    name: { type: 'string' },
    region: { type: 'string' },
    category: { type: 'string' },
    locale: { type: 'string' },
    translationOf: { type: 'string' },
  },
} as const
type NewPageBody = FromSchema<typeof NEW_PAGE>
const ACCEPT = { type: 'object', required: ['file'], properties: { file: { type: 'string' } } } as const

export function scaffoldRoutes(content: EditorContent, host: EditorHost): Route[] {
  return [
    post('new', NEW_PAGE, async (body) => {
      const scaffold = (await host.ssrLoadModule('/src/engine/scaffold.ts')) as Scaffold
      return newPage(content, scaffold, body)
    }),
    post('accept-translation', ACCEPT, async ({ file }) => {
      pageFile(content.root, file)
      const accept = (await host.ssrLoadModule('/src/engine/accept-translation.ts')) as Accept
      return acceptTranslation(content, accept, file)
    }),
  ]
}

function newPage(editor: EditorContent, scaffold: Scaffold, body: NewPageBody) {
  const { scaffoldPage, ScaffoldError } = scaffold
  try {
    const result = scaffoldPage({
      root: editor.root,
      kind: body.kind,
      name: body.name ?? '',
      // An empty field of the form is a value not given.
      region: body.region || undefined,
      category: body.category || undefined,
      locale: body.locale || undefined,
      translationOf: body.translationOf || undefined,
    })
    // What it wrote is in the store before the editor opens the page (the watcher may tell later):
    // the new file, and any list of places or catalogue it was added to.
    editor.store.update(result.written)
    return { file: result.file, address: result.address, notes: result.notes }
  } catch (error) {
    if (error instanceof ScaffoldError) throw new HttpError(422, error.message)
    throw error
  }
}

function acceptTranslation(editor: EditorContent, accept: Accept, file: string) {
  try {
    const said = accept.acceptTranslation(editor.root, file)
    editor.store.update([file])
    const text = readFileSync(join(editor.root, file), 'utf8')
    return { message: said, version: versionOf(text) }
  } catch (error) {
    if (error instanceof accept.AcceptError) throw new HttpError(422, error.message)
    throw error
  }
}
