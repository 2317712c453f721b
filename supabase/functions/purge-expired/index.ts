// Retention job: pg_cron calls it nightly through pg_net (see the migration that schedules it)
// with the service-role key, the only credential it accepts. See _shared/retention.ts for the rules.
import { FORMS } from '../../../forms/registry.ts'
import { serveFunction } from '../_runtime/serve.ts'

serveFunction('purge-expired', FORMS)
