// New pages, as `npm run new` makes them: a city, service or article from its template, or the
// translation of a page into another of the site's languages (`--locale <code> --translation-of
// <address>`: that language's template, with `translationOf:` set).
import { useMemo } from 'react'
import { api, type Catalogue, type Json } from './api'
import { SchemaForm } from './schema-forms'

const newPageSchema = (locales: Catalogue['locales']) => {
  const [first, ...others] = locales
  return {
    type: 'object',
    required: ['kind', 'name'],
    properties: {
      kind: {
        title: 'Template',
        type: 'string',
        enum: ['city', 'service', 'article'],
        description: 'A city page (also added to the Florida page), a service page or an article.',
      },
      name: { title: 'Name', type: 'string', description: 'The city, service or article title, e.g. Naples.' },
      region: { title: 'Region (city)', type: 'string', description: 'Optional, e.g. Southwest Florida.' },
      category: {
        title: 'Category (article)',
        type: 'string',
        description: 'Optional: one of the insights categories.',
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
        description: `For a translation: the address of the ${first?.name ?? 'default-language'} page it translates, e.g. /naples-security-services.`,
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
  const schema = useMemo(() => newPageSchema(catalogue?.locales ?? []) as unknown as Json, [catalogue])
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
