// Reads what the running site's backend stored, the way staff do: `npm run submissions`.
import { execFileSync } from 'node:child_process'
import { dataDir } from './browser'

type Row = Record<string, unknown>
export type Stored = { leads: Row[]; applications: Row[] }

export function storedSubmissions(): Stored {
  const out = execFileSync('npm', ['run', '--silent', 'submissions', '--', '--json', '--data-dir', dataDir()], {
    encoding: 'utf8',
  })
  return JSON.parse(out.slice(out.indexOf('{'))) as Stored
}
