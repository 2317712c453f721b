// Quote form (a short request from a landing page). See _shared/handler.ts for the rules.
import { FORMS } from '../../../forms/registry.ts'
import { serveFunction } from '../_runtime/serve.ts'

serveFunction('submit-quote', FORMS)
