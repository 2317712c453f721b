// New pages, as `npm run new` makes them: one of the kinds of page the site declares
// (templates/new-pages.yaml) from its template, or the translation of a page into another of the
// site's languages (`--locale <code> --translation-of <address>`: that language's template, with
// `translationOf:` set).
import { useMemo } from 'react'
import { api, type Catalogue, type Json } from './api'
import { SchemaForm } from './schema-forms'

const newPageSchema = ({ locales, newPages }: Pick<Catalogue, 'locales' | 'newPages'>) => {
  const [first, ...others] = locales
  const translated = newPages.find((k) => k.exampleAddress)?.exampleAddress
  return {
    type: 'object',
    required: ['kind', 'name'],
    properties: {
      kind: {
        title: 'Template',
        type: 'string',
        enum: newPages.map((k) => k.kind),
        description: newPages.map((k) => `${k.kind}: ${k.label}`).join('; '),
      },
      name: {
        title: 'Name',
        type: 'string',
        description: `The page's name or title, e.g. ${newPages.map((k) => k.example).join(', ')}.`,
      },
      region: { title: 'Region (places)', type: 'string', description: 'Optional: the area the place is in.' },
      category: {
        title: 'Category (articles)',
        type: 'string',
        description: 'Optional: one of the categories of the list of articles.',
      },
      locale: {
        title: 'Language',
        type: 'string',
        enum: [first?.code ?? 'en', ...others.map((l) => l.code)],
        description: `${first?.name ?? 'The default language'}, or another of the site's languages: the page is then the translation of the page below, from that language's template.`,
      },
      translationOf: {
        title: 'Translation of (address)',
        type: 'string',
        description: `For a translation: the address of the ${first?.name ?? 'default-language'} page it translates${translated ? `, e.g. ${translated}` : ''}.`,
      },
    },
  }
}

export function NewPage({
  catalogue,
  input,
  onInput,
  onCreated,
  onFailed,
}: {
  catalogue: Catalogue | undefined
  input: Json
  onInput: (input: Json | undefined) => void
  onCreated: (created: { file: string; address: string; notes: string[] }) => void
  onFailed: (message: string) => void
}) {
  const schema = useMemo(
    () => newPageSchema({ locales: catalogue?.locales ?? [], newPages: catalogue?.newPages ?? [] }) as unknown as Json,
    [catalogue],
  )
  const create = async () => {
    const defaultLocale = catalogue?.locales[0]?.code
    const translating = input.locale && input.locale !== defaultLocale
    try {
      onCreated(
        await api.newPage({
          ...input,
          locale: translating ? input.locale : undefined,
          translationOf: translating ? input.translationOf : undefined,
        }),
      )
    } catch (error) {
      onFailed(`No page was created: ${(error as Error).message}`)
    }
  }
  return (
    <section aria-labelledby="new-heading" className="editor__panel">
      <h2 id="new-heading">New page</h2>
      <p>The same as npm run new: the page is written from its template and checked before anything is written.</p>
      <SchemaForm idPrefix="new" schema={schema} data={input} problems={[]} onChange={onInput} />
      <button type="button" onClick={() => void create()}>
        Create page
      </button>{' '}
      <button type="button" onClick={() => onInput(undefined)}>
        Cancel
      </button>
    </section>
  )
}
