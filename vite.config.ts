import { defineConfig } from 'vite'
import { siteViteConfig } from './src/vite/config'

// The site at the repository's root, for the Vite CLI (npm run dev) and the page editor (npm run edit).
export default defineConfig(({ command }) => siteViteConfig({ command, siteRoot: import.meta.dirname }))
