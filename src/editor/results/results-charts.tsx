// The Results view's charts (@mantine/charts, on recharts): leads and calls per day, and the
// application's steps reached. Each is a figure with a caption, its numbers also in a table
// screen readers read (a chart alone says nothing to them).
import { BarChart, type BarChartProps } from '@mantine/charts'
import type { Results } from '../../../supabase/functions/_shared/measurement/results'
import { TableHead } from './results-tables'
import type { Words } from './words'

function Numbers({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    // A table is never narrower than its content: the box that hides it is a div.
    <div className="results__sr-only">
      <table>
        <caption>{caption}</caption>
        <TableHead columns={head} />
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A bar chart for the eye, with a caption, and its numbers in a table that screen readers read. */
function BarFigure({
  id,
  caption,
  chart,
  head,
  rows,
}: {
  id: string
  caption: string
  chart: Pick<BarChartProps, 'data' | 'dataKey' | 'series' | 'withLegend'>
  head: string[]
  rows: (string | number)[][]
}) {
  return (
    <figure className="results__chart" aria-labelledby={id}>
      <figcaption id={id}>{caption}</figcaption>
      {/* The numbers are in the table below: the drawing is for the eye only, and takes no focus. */}
      <div inert>
        <BarChart h={240} tickLine="y" {...chart} />
      </div>
      <Numbers caption={caption} head={head} rows={rows} />
    </figure>
  )
}

export function DailyChart({ words, daily }: { words: Words; daily: Results['daily'] }) {
  return (
    <BarFigure
      id="results-daily"
      caption={words.daily}
      chart={{
        data: daily,
        dataKey: 'day',
        series: [
          { name: 'leads', label: words.leads, color: 'blue.8' },
          { name: 'calls', label: words.calls, color: 'orange.9' },
        ],
        withLegend: true,
      }}
      head={['', words.leads, words.calls]}
      rows={daily.map((d) => [d.day, d.leads, d.calls])}
    />
  )
}

export function StepsChart({ words, steps }: { words: Words; steps: Results['steps'] }) {
  const data = steps.map((s) => ({ step: words.step.replace('{step}', String(s.step)), reached: s.reached }))
  return (
    <BarFigure
      id="results-steps"
      caption={words.steps}
      chart={{ data, dataKey: 'step', series: [{ name: 'reached', label: words.reached, color: 'teal.9' }] }}
      head={['', words.reached]}
      rows={data.map((d) => [d.step, d.reached])}
    />
  )
}
