// The page editor's Results view (npm run edit, /_editor/#results): what the site's visits brought,
// per page, read from the local backend's results (supabase/functions/_shared/measurement/
// results.ts): a table per page, the leads and calls per day and the application's steps as
// charts (@mantine/charts), the field speed coloured by band, and filters by dates, language,
// channel and campaign. Its words are in words.json, in English and Spanish.
import '@mantine/core/styles.layer.css'
import '@mantine/charts/styles.layer.css'
import './results.css'
import { MantineProvider } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { Results, ResultsFilter } from '../../../supabase/functions/_shared/measurement/results'
import { DailyChart, StepsChart } from './results-charts'
import { PagesTable, SpeedTable } from './results-tables'
import { type Words, wordsIn } from './words'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)

function useResults(filter: ResultsFilter) {
  const [state, setState] = useState<{ results?: Results; error?: string; loading: boolean }>({ loading: true })
  const key = JSON.stringify(filter)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter's text is its identity
  useEffect(() => {
    const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value) as [string, string][])
    const controller = new AbortController()
    setState((s) => ({ ...s, loading: true }))
    fetch(`/functions/v1/results?${query}`, { signal: controller.signal })
      .then(async (response) => {
        const body = await response.json()
        if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`)
        setState({ results: body as Results, loading: false })
      })
      .catch((error: Error) => {
        if (!controller.signal.aborted) setState({ error: error.message, loading: false })
      })
    return () => controller.abort()
  }, [key])
  return state
}

function Filters({
  words,
  filter,
  choices,
  onChange,
}: {
  words: Words
  filter: ResultsFilter
  choices: Results['choices'] | undefined
  onChange: (filter: ResultsFilter) => void
}) {
  const set = (name: keyof ResultsFilter) => (event: { target: { value: string } }) =>
    onChange({ ...filter, [name]: event.target.value || undefined })
  const select = (name: 'locale' | 'channel' | 'campaign', options: { value: string; label: string }[]) => (
    <label className="results__filter">
      {words[name]}
      <select value={filter[name] ?? ''} onChange={set(name)}>
        <option value="">{words.all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <fieldset className="results__filters">
      <legend>{words.filters}</legend>
      <label className="results__filter">
        {words.from}
        <input type="date" value={filter.from} max={filter.to} onChange={set('from')} required />
      </label>
      <label className="results__filter">
        {words.to}
        <input type="date" value={filter.to} min={filter.from} onChange={set('to')} required />
      </label>
      {select(
        'locale',
        (choices?.locales ?? []).map((l) => ({ value: l, label: words.locales[l as 'en'] ?? l })),
      )}
      {select(
        'channel',
        (choices?.channels ?? []).map((c) => ({ value: c, label: words.channels[c] })),
      )}
      {select(
        'campaign',
        (choices?.campaigns ?? []).map((c) => ({ value: c, label: c })),
      )}
    </fieldset>
  )
}

export function ResultsView() {
  const [language, setLanguage] = useState<'en' | 'es'>(() => (navigator.language.startsWith('es') ? 'es' : 'en'))
  const words = wordsIn(language)
  const today = isoDay(Date.now())
  const [filter, setFilter] = useState<ResultsFilter>({ from: isoDay(Date.now() - 27 * DAY_MS), to: today })
  const { results, error, loading } = useResults(filter)

  return (
    <MantineProvider forceColorScheme="light">
      <main className="results" lang={language}>
        <header className="results__header">
          <h1>{words.title}</h1>
          <a href="#pages">{words.backToPages}</a>
          <label className="results__filter">
            {words.language}
            <select value={language} onChange={(e) => setLanguage(e.target.value as 'en' | 'es')}>
              <option value="en">English</option>
              <option value="es">Español</option>
            </select>
          </label>
        </header>
        <p>{words.intro}</p>
        <Filters words={words} filter={filter} choices={results?.choices} onChange={setFilter} />
        <p role="status" className="results__status">
          {loading ? words.loading : error ? words.failed.replace('{error}', error) : ''}
        </p>
        {results ? (
          <>
            <PagesTable words={words} pages={results.pages} />
            <div className="results__charts">
              <DailyChart words={words} daily={results.daily} />
              <StepsChart words={words} steps={results.steps} />
            </div>
            <SpeedTable words={words} vitals={results.vitals} />
          </>
        ) : null}
      </main>
    </MantineProvider>
  )
}
