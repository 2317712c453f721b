// The content is kept in memory (the dev server, the page editor) and in .cache/ (check, build),
// each page checked again only when its file changes: nothing that depends on a changed page may
// go stale. In a throw-away copy of the project, with `npm run edit` running (the development
// server and the editor in one process), the cache filled by `npm run check` first, and the
// project's build caches (the copy's sources are the same, so its build takes each page from
// them until a change):
//   - renaming a city in its page's meta.city changes the Florida page's city list in the dev
//     server's page data, the editor's problems (a draft naming that city now clashes with it)
//     and the next build made with the cache;
//   - removing a page that another page links to gives the link problem in the dev server, in the
//     editor's list of pages and in the next build made with the cache.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { buildIn, type ProjectCopy, type RunningProcess, run, TSX } from '../../bench/project'
import { baseURL } from './browser'
import { editorForThisFile } from './editor-process'

const MIAMI = 'pages/miami-security-services.yaml'
const TAMPA = 'pages/tampa-security-services.yaml'
const JACKSONVILLE = 'pages/jacksonville-security-services.yaml'
const BROKEN_LINK = 'links to /jacksonville-security-services, but no page has that address'
let project: ProjectCopy
let editor: RunningProcess
let origin = ''
let token = ''

// Not spawnSync: a blocked event loop would leave the editor's kept-alive connections to go stale.
const script = (name: string) => run(TSX, [name], project.dir)
const text = (file: string) => readFileSync(join(project.dir, file), 'utf8')

/** Polls until `read` gives something `ok` accepts: what is waited for is the change itself. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 300)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

type CityList = { type: string; links?: Record<string, string> }
const floridaCityLinks = async () => {
  const page = (await (await fetch(`${origin}/_data/florida-security-services.json`)).json()) as {
    blocks: CityList[]
  }
  return page.blocks.find((b) => b.type === 'city-list')?.links ?? {}
}

const api = async (route: string, body?: unknown) => {
  const response = await fetch(`${origin}/_editor/api/${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', 'x-editor-token': token },
    body: body ? JSON.stringify(body) : undefined,
  })
  return response.json() as Promise<Record<string, unknown>>
}

/** The editor's problems for Tampa's page, its draft declaring `city`. */
async function tampaDraftProblems(city: string): Promise<string[]> {
  const page = await api(`page?file=${TAMPA}`)
  const data = page.data as { meta: Record<string, unknown> }
  data.meta.city = city
  const { problems } = await api('check', { file: TAMPA, version: page.version, data })
  return (problems as { message: string }[]).map((p) => p.message)
}

editorForThisFile('stale', (run) => ({ project, editor, origin } = run), {
  // The content cache the next build reads: filled before any change.
  prepare: async (dir) => expect((await run(TSX, ['scripts/check.ts'], dir)).code).toBe(0),
  browser: false,
})

beforeAll(async () => {
  const html = await (await fetch(`${origin}/_editor/`)).text()
  token = /name="editor-token" content="([^"]+)"/.exec(html)![1]
})

describe('a change to one page', () => {
  it('renaming a city reaches the city list in the dev server, the editor and the cached build', async () => {
    expect((await floridaCityLinks()).Miami).toBe('/miami-security-services')
    // The page as built before the change, from the same sources: the run's own build.
    const before = await (await fetch(`${baseURL()}/florida-security-services`)).text()
    expect(before).toContain('href="/miami-security-services"')
    const clash = /this city is already declared by pages\/miami-security-services\.yaml/
    expect((await tampaDraftProblems('Miami Beach')).filter((m) => clash.test(m))).toEqual([])

    writeFileSync(join(project.dir, MIAMI), text(MIAMI).replace(/^ {2}city: Miami$/m, '  city: Miami Beach'))
    expect(parse(text(MIAMI)).meta.city).toBe('Miami Beach')

    // The dev server: Miami is no longer a city page, so the Florida list no longer links it there.
    const links = await until(floridaCityLinks, (l) => l.Miami !== '/miami-security-services', 'Florida city list')
    expect(links.Orlando).toBe('/orlando-security-services')
    // The editor: a draft declaring the new name clashes with the Miami page.
    await until(
      () => tampaDraftProblems('Miami Beach'),
      (messages) => messages.some((m) => clash.test(m)),
      "the editor's problems",
    )
    // The build, with the cache filled before the change: it renders again the pages the change
    // reaches, and takes the others from the cache.
    const { cache } = await buildIn(project.dir)
    expect(cache.pagesWritten).toBeGreaterThan(0)
    expect(cache.pagesRendered).toBeGreaterThanOrEqual(2)
    const fromTheCache =
      'most pages taken from the build caches the project had when the copy was made (npm run build makes them)'
    expect(cache.pagesRendered, fromTheCache).toBeLessThan(cache.pagesWritten / 2)
    const built = JSON.parse(readFileSync(join(project.dir, 'dist/_data/florida-security-services.json'), 'utf8'))
    expect(built.blocks.find((b: CityList) => b.type === 'city-list').links).toEqual(links)
    // Its prerendered HTML too (the build's cache of rendered pages is keyed by the page's data).
    const html = readFileSync(join(project.dir, 'dist/florida-security-services.html'), 'utf8')
    expect(html).not.toContain('href="/miami-security-services"')
  }, 180_000)

  it('removing a page that another links to gives the link problem in the dev server, the editor and the cached build', async () => {
    rmSync(join(project.dir, JACKSONVILLE))
    // The dev server prints the problem (and shows it in the overlay of every open page).
    await until(
      async () => editor.output(),
      (output) => output.includes(BROKEN_LINK),
      "the dev server's problems",
    )
    // The editor lists the home page (which links Jacksonville's) with an error.
    const listed = await until(
      () => api('pages'),
      (list) =>
        (list.pages as { file: string; errors: number }[]).some((p) => p.file === 'pages/index.yaml' && p.errors > 0),
      "the editor's list of pages",
    )
    expect((listed.pages as { file: string }[]).some((p) => p.file === JACKSONVILLE)).toBe(false)
    // The build, with the cache kept, fails with the problem at the link.
    const build = await script('scripts/build.ts')
    expect(build.code).toBe(1)
    expect(build.output).toMatch(new RegExp(`pages/index\\.yaml:\\d+:\\d+ .*${BROKEN_LINK}`))
  }, 180_000)
})
