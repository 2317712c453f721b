// Sends every due notification (retries with back-off; see _shared/notifications/). pg_cron
// calls it every minute through pg_net (supabase/migrations/*_notifications.sql) with
// `Authorization: Bearer <NOTIFY_CRON_SECRET>`; any other caller gets 401.
import { FORMS } from '../../../forms/registry.ts'
import { serveFunction } from '../_runtime/serve.ts'

serveFunction('deliver-notifications', FORMS)
