// Careers form (job application, optional résumé). See _shared/handler.ts for the rules.
import { serveSubmissions } from '../_runtime/serve.ts'

serveSubmissions('application')
