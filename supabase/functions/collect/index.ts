// Cookieless measurement: takes the counting code's batches of events. See _shared/measurement/collect.ts.
import { FORMS } from '../../../forms/registry.ts'
import { serveFunction } from '../_runtime/serve.ts'

serveFunction('collect', FORMS)
