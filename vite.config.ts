import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { localBackend } from './server/vite-local-backend'
import { siteContent } from './src/engine/vite-plugin'

export default defineConfig({
  plugins: [siteContent(), localBackend(), react()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsInlineLimit: 0,
  },
  server: { port: 5173 },
  preview: { port: 4173 },
})
