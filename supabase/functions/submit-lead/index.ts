// Contact form (consultation request). See _shared/handler.ts for the rules.
import { FORMS } from '../../../forms/registry.ts'
import { serveFunction } from '../_runtime/serve.ts'

serveFunction('submit-lead', FORMS)
