import { fileURLToPath } from 'node:url'

/** Installed by scripts/ensure-deno.sh (npm test runs it first). */
export const denoPath = fileURLToPath(new URL('../../../.cache/deno/node_modules/.bin/deno', import.meta.url))
