// The engine's own folder (src/, common/, index.html, node_modules/): where the build and the
// development servers find the engine's code, whichever site's folder they are given. A site at
// the engine's root (this repository's site) is the same folder; another site (examples/<name>)
// keeps only its content, its forms and its public files.
import { fileURLToPath } from 'node:url'

export const ENGINE_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/[\\/]$/, '')
