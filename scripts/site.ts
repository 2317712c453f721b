// npm run site -- <folder>: the site in <folder> (e.g. examples/bakery) checked, built, then served
// with its local backend (http://127.0.0.1:4173, PORT overrides) and opened in the page editor
// (http://127.0.0.1:5173/_editor/, EDITOR_PORT overrides), each by the engine's own script
// (check.ts, build.ts, serve.ts, edit.ts) run in that folder: a script's site is its working
// folder, and tsx takes that folder's tsconfig.json, whose paths name the site's forms
// (`@site/forms/…`). Ctrl+C stops both servers. docs/new-site.md says how to start a site.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

const folder = process.argv[2]
if (!folder || !existsSync(join(folder, 'site.yaml'))) {
  console.error('npm run site -- <folder>: a folder with a site.yaml, e.g. examples/bakery (docs/new-site.md)')
  process.exit(2)
}
const root = resolve(folder)
if (!existsSync(join(root, 'tsconfig.json'))) {
  console.error(`${folder} has no tsconfig.json naming its forms (@site/forms): see docs/new-site.md`)
  process.exit(2)
}
const TSX = resolve(import.meta.dirname, '../node_modules/.bin/tsx')
const run = (script: string, env: Record<string, string> = {}) =>
  spawn(TSX, [resolve(import.meta.dirname, script)], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })

for (const step of ['check.ts', 'build.ts']) {
  const done = spawnSync(TSX, [resolve(import.meta.dirname, step)], { cwd: root, stdio: 'inherit' })
  if (done.status !== 0) process.exit(done.status ?? 1)
}
// Each server its own backend data: PGlite opens a folder in one process only.
const servers: ChildProcess[] = [
  run('serve.ts', { PORT: process.env.PORT ?? '4173' }),
  run('edit.ts', { PORT: process.env.EDITOR_PORT ?? '5173', BACKEND_DATA_DIR: '.data/editor-pglite' }),
]
const stop = () => {
  for (const server of servers) server.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const server of servers)
  server.on('exit', (code) => {
    stop()
    process.exitCode ||= code ?? 0
  })
