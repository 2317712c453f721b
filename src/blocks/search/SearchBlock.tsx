import { useNavigate, useSearch } from '@tanstack/react-router'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { pluralText } from '../../content/plural-text'
import { SmartLink } from '../../ui/SmartLink'
import { Section } from '../_shared/Section'
import { useHydrated } from '../_shared/use-hydrated'
import type { BlockProps } from '../types'
import { loadSearchIndex } from './search-client'

type Result = { id: string; title: string; description: string }
type State = { status: 'idle' | 'loading' | 'done' | 'failed'; results: Result[] }

export function SearchBlock({
  heading,
  intro,
  label,
  noResults,
  texts,
  locale,
  indexUrl,
  action,
}: BlockProps<'search'>) {
  const search = useSearch({ strict: false }) as { q?: unknown }
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const query = hydrated && typeof search.q === 'string' ? search.q.trim() : ''
  const [draft, setDraft] = useState('')
  const [state, setState] = useState<State>({ status: 'idle', results: [] })
  const inputId = useId()

  useEffect(() => setDraft(query), [query])
  useEffect(() => {
    if (!query) return setState({ status: 'idle', results: [] })
    let current = true
    setState((s) => ({ ...s, status: 'loading' }))
    loadSearchIndex(indexUrl)
      .then((index) => {
        if (current) setState({ status: 'done', results: index.search(query) as unknown as Result[] })
      })
      .catch((error: unknown) => {
        console.error(error)
        if (current) setState({ status: 'failed', results: [] })
      })
    return () => {
      current = false
    }
  }, [query, indexUrl])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void navigate({ to: '.', search: draft.trim() ? { q: draft.trim() } : {} })
  }

  const status =
    state.status === 'loading'
      ? texts.searching
      : state.status === 'failed'
        ? texts.failed
        : state.status === 'done'
          ? state.results.length
            ? pluralText(locale, texts.results, state.results.length, { query })
            : noResults
          : ''

  return (
    <Section heading={heading} level={1} intro={intro} className="search">
      {/* Without JavaScript the form still works: it reloads this page with ?q=. */}
      <form role="search" className="search__form" onSubmit={submit} action={action} method="get">
        <label htmlFor={inputId}>{label}</label>
        <div className="search__row">
          <input
            id={inputId}
            name="q"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="button button--primary">
            {texts.button}
          </button>
        </div>
      </form>
      <p role="status" className="search__status">
        {status}
      </p>
      {state.results.length ? (
        <ul className="search__results">
          {state.results.map((r) => (
            <li key={r.id}>
              <SmartLink href={r.id} className="search__title">
                {r.title}
              </SmartLink>
              <p>{r.description}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  )
}
