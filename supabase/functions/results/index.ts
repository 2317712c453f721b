// The measurement's results for `npm run results` with RESULTS_URL and RESULTS_TOKEN: aggregates
// only, to a caller that sends `Authorization: Bearer <RESULTS_TOKEN>` (compared in constant
// time); anyone else gets 401. See _shared/measurement/results-endpoint.ts.
import { FORMS } from '../../../forms/registry.ts'
import { serveFunction } from '../_runtime/serve.ts'

serveFunction('results', FORMS)
