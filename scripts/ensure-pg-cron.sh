#!/usr/bin/env bash
# The backend tests run the hosted schedules (supabase/migrations: cron.schedule) on a real
# pg_cron in the PostgreSQL they start (/usr/lib/postgresql/<version>/bin). Installs Debian's
# package for that version when it is missing and possible; otherwise says how.
set -euo pipefail
version=""
for dir in /usr/lib/postgresql/*/bin/initdb; do
  [ -x "$dir" ] || continue
  candidate="$(basename "$(dirname "$(dirname "$dir")")")"
  if [ -z "$version" ] || [ "$candidate" -gt "$version" ]; then version="$candidate"; fi
done
# No PostgreSQL server: the tests that need it are skipped, saying why.
[ -n "$version" ] || exit 0
if [ -f "/usr/lib/postgresql/$version/lib/pg_cron.so" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "pg_cron not found for PostgreSQL $version: installing Debian's postgresql-$version-cron package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "postgresql-$version-cron" >/dev/null
  exit 0
fi
echo "The hosted-schedule tests need pg_cron for PostgreSQL $version. Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y postgresql-$version-cron" >&2
exit 1
