// The Results view's tables: per page (entries, views, and what the visits that started there
// brought), and each page's field speed per device class, every value coloured by its band and
// named in words (colour alone says nothing to some readers).
import type { ReactNode } from 'react'
import type { Results, VitalResult } from '../../../supabase/functions/_shared/measurement/results'
import type { Words } from './words'

const COUNTS = ['entries', 'views', 'calls', 'emails', 'formsStarted', 'leads', 'applications'] as const

/** A table's head: the columns' titles, left to right. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** A titled table that scrolls sideways where it is wider than the screen, or a line saying it is empty. */
function ScrollingTable({
  id,
  heading,
  nothing,
  columns,
  children,
}: {
  id: string
  heading: string
  /** Shown instead of the table when it has no rows; null when it has some. */
  nothing: string | null
  /** The columns' titles, left to right. */
  columns: string[]
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {nothing !== null ? (
        <p>{nothing}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, by keyboard too
        <div className="results__scroll" role="region" aria-labelledby={id} tabIndex={0}>
          <table className="results__table">
            <TableHead columns={columns} />
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export function PagesTable({ words, pages }: { words: Words; pages: Results['pages'] }) {
  return (
    <ScrollingTable
      id="results-pages"
      heading={words.pages}
      nothing={pages.length === 0 ? words.nothing : null}
      columns={[words.columns.page, ...COUNTS.map((c) => words.columns[c]), words.columns.conversionRate]}
    >
      {pages.map((p) => (
        <tr key={p.page}>
          <th scope="row">{p.page}</th>
          {COUNTS.map((c) => (
            <td key={c}>{p[c]}</td>
          ))}
          <td>{p.conversionRate === null ? '–' : `${(p.conversionRate * 100).toFixed(1)} %`}</td>
        </tr>
      ))}
    </ScrollingTable>
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
    <ScrollingTable
      id="results-speed"
      heading={words.speed}
      nothing={rows.length === 0 ? words.nothing : null}
      columns={[words.columns.page, words.device, ...METRICS]}
    >
      {rows.map((row) => (
        <tr key={row.key}>
          <th scope="row">{row.page}</th>
          <td>{words.devices[row.device]}</td>
          {METRICS.map((m) => (
            <Vital key={m} words={words} vital={row.of(m)} />
          ))}
        </tr>
      ))}
    </ScrollingTable>
  )
}
