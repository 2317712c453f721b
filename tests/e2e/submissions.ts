// Reads what this worker's site server's backend stored, as `npm run submissions --json` prints it,
// from the database the backend has open (the test set-up's loopback channel, global-setup.ts):
// no copy of the data folder, no second PGlite, and nothing in flight missed.
import { execFileSync } from 'node:child_process'
import type { StoredSubmissions } from '../../server/stored-submissions'
import { submissionsURL } from './browser'

// Synchronous, as the tests call it (`storedSubmissions().leads`): a short Node child does the one
// request, milliseconds against the seconds of opening a copy of the database.
const FETCH = `fetch(process.argv[1]).then(async (r) => {
  const text = await r.text()
  if (!r.ok) throw new Error(r.status + ' ' + text)
  process.stdout.write(text)
})`

export function storedSubmissions(): StoredSubmissions {
  const out = execFileSync(process.execPath, ['-e', FETCH, submissionsURL()], { encoding: 'utf8' })
  return JSON.parse(out) as StoredSubmissions
}
