// The Results view's tables: per page (entries, views, and what the visits that started there
// brought), and each page's field speed per device class, every value coloured by its band and
// named in words (colour alone says nothing to some readers).
import type { Results, VitalResult } from '../../../supabase/functions/_shared/measurement/results'
import type { Words } from './words'

const COUNTS = ['entries', 'views', 'calls', 'emails', 'formsStarted', 'leads', 'applications'] as const

export function PagesTable({ words, pages }: { words: Words; pages: Results['pages'] }) {
  return (
    <section aria-labelledby="results-pages">
      <h2 id="results-pages">{words.pages}</h2>
      {pages.length === 0 ? (
        <p>{words.nothing}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, by keyboard too
        <div className="results__scroll" role="region" aria-labelledby="results-pages" tabIndex={0}>
          <table className="results__table">
            <thead>
              <tr>
                <th scope="col">{words.columns.page}</th>
                {COUNTS.map((c) => (
                  <th key={c} scope="col">
                    {words.columns[c]}
                  </th>
                ))}
                <th scope="col">{words.columns.conversionRate}</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.page}>
                  <th scope="row">{p.page}</th>
                  {COUNTS.map((c) => (
                    <td key={c}>{p[c]}</td>
                  ))}
                  <td>{p.conversionRate === null ? '–' : `${(p.conversionRate * 100).toFixed(1)} %`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

const METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const

function Vital({ words, vital }: { words: Words; vital: VitalResult | undefined }) {
  if (!vital) return <td>–</td>
  const value = vital.metric === 'CLS' ? vital.p75.toFixed(3) : `${Math.round(vital.p75)} ms`
  return (
    <td>
      <span className={`results__band results__band--${vital.band}`}>
        {value} · {words.bands[vital.band]}
      </span>{' '}
      <small>
        ({vital.samples} {words.samples})
      </small>
    </td>
  )
}

export function SpeedTable({ words, vitals }: { words: Words; vitals: Results['vitals'] }) {
  const rows = [...new Set(vitals.map((v) => `${v.page} ${v.device}`))].map((key) => {
    const [page, device] = key.split(' ') as [string, VitalResult['device']]
    return {
      key,
      page,
      device,
      of: (metric: string) => vitals.find((v) => v.page === page && v.device === device && v.metric === metric),
    }
  })
  return (
    <section aria-labelledby="results-speed">
      <h2 id="results-speed">{words.speed}</h2>
      {rows.length === 0 ? (
        <p>{words.nothing}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, by keyboard too
        <div className="results__scroll" role="region" aria-labelledby="results-speed" tabIndex={0}>
          <table className="results__table">
            <thead>
              <tr>
                <th scope="col">{words.columns.page}</th>
                <th scope="col">{words.device}</th>
                {METRICS.map((m) => (
                  <th key={m} scope="col">
                    {m}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.page}</th>
                  <td>{words.devices[row.device]}</td>
                  {METRICS.map((m) => (
                    <Vital key={m} words={words} vital={row.of(m)} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
