// Retention job (nightly, from pg_cron). See _shared/retention.ts for the rules.
import { servePurge } from '../_runtime/purge.ts'

servePurge()
