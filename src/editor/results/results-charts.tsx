// The Results view's charts (@mantine/charts, on recharts): leads and calls per day, and the
// application's steps reached. Each is a figure with a caption, its numbers also in a table
// screen readers read (a chart alone says nothing to them).
import { BarChart } from '@mantine/charts'
import type { Results } from '../../../supabase/functions/_shared/measurement/results'
import type { Words } from './words'

function Numbers({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    // A table is never narrower than its content: the box that hides it is a div.
    <div className="results__sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
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

export function DailyChart({ words, daily }: { words: Words; daily: Results['daily'] }) {
  const id = 'results-daily'
  return (
    <figure className="results__chart" aria-labelledby={id}>
      <figcaption id={id}>{words.daily}</figcaption>
      {/* The numbers are in the table below: the drawing is for the eye only, and takes no focus. */}
      <div inert>
        <BarChart
          h={240}
          data={daily}
          dataKey="day"
          series={[
            { name: 'leads', label: words.leads, color: 'blue.8' },
            { name: 'calls', label: words.calls, color: 'orange.9' },
          ]}
          withLegend
          tickLine="y"
        />
      </div>
      <Numbers
        caption={words.daily}
        head={['', words.leads, words.calls]}
        rows={daily.map((d) => [d.day, d.leads, d.calls])}
      />
    </figure>
  )
}

export function StepsChart({ words, steps }: { words: Words; steps: Results['steps'] }) {
  const id = 'results-steps'
  const data = steps.map((s) => ({ step: words.step.replace('{step}', String(s.step)), reached: s.reached }))
  return (
    <figure className="results__chart" aria-labelledby={id}>
      <figcaption id={id}>{words.steps}</figcaption>
      {/* The numbers are in the table below: the drawing is for the eye only, and takes no focus. */}
      <div inert>
        <BarChart
          h={240}
          data={data}
          dataKey="step"
          series={[{ name: 'reached', label: words.reached, color: 'teal.9' }]}
          tickLine="y"
        />
      </div>
      <Numbers caption={words.steps} head={['', words.reached]} rows={data.map((d) => [d.step, d.reached])} />
    </figure>
  )
}
