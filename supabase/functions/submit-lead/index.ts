// Contact form (consultation request). See _shared/handler.ts for the rules.
import { serveSubmissions } from '../_runtime/serve.ts'

serveSubmissions('contact')
