// The content store (the dev server's and the editor's content in memory, the cache of check and
// build): a changed file is read and checked again on its own, yet everything that depends on it
// follows, and what it reports is exactly what reading every file afresh reports.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { cacheDir } from '../../../src/engine/content-cache'
import { ContentStore, loadContent } from '../../../src/engine/content-store'
import type { Content } from '../../../src/engine/load-content'
import { scratchFolder } from '../scratch'

const MIAMI = 'pages/miami-security-services.yaml'
const JACKSONVILLE = 'pages/jacksonville-security-services.yaml'
const FLORIDA = '/florida-security-services'

let root: string
beforeEach(() => {
  root = scratchFolder('content-store-')
  for (const entry of ['site.yaml', 'pages', 'public', 'src', 'forms', 'package-lock.json'])
    cpSync(entry, join(root, entry), { recursive: true })
})

const edit = (file: string, change: (text: string) => string) =>
  writeFileSync(join(root, file), change(readFileSync(join(root, file), 'utf8')))
const cityLinks = (content: Content, address = FLORIDA) =>
  (content.pages.find((p) => p.path === address)!.blocks.find((b) => b.type === 'city-list') as { links: object }).links
/** What a fresh read of every file gives: what the store must give too. */
const sameAsFresh = (content: Content) => {
  const fresh = loadContent(root)
  expect(content.problems).toEqual(fresh.problems)
  expect(content.pages).toEqual(fresh.pages)
  expect(content.manifest).toEqual(fresh.manifest)
  expect(content.redirects).toEqual(fresh.redirects)
  expect(content.files).toEqual(fresh.files)
}

describe('the content store', () => {
  it('checks a saved page again on its own, and the pages that list it follow', () => {
    const store = new ContentStore(root)
    const before = store.content()
    expect(cityLinks(before)).toMatchObject({ Miami: '/miami-security-services' })
    const checked = store.stats.checked
    edit(MIAMI, (t) => t.replace(/^ {2}city: Miami$/m, '  city: Miami Beach'))
    expect(store.update([MIAMI])).toBe(true)
    expect(store.stats.checked).toBe(checked + 1)
    const after = store.content()
    expect(cityLinks(after)).not.toHaveProperty('Miami', '/miami-security-services')
    sameAsFresh(after)
    // Saved again unchanged: nothing to do.
    expect(store.update([MIAMI])).toBe(false)
    expect(store.stats.checked).toBe(checked + 1)
  })

  it('reports the link to a removed page, and takes a new page in its place among the files', () => {
    const store = new ContentStore(root)
    store.content()
    rmSync(join(root, JACKSONVILLE))
    expect(store.update([JACKSONVILLE])).toBe(true)
    const removed = store.content()
    expect(removed.problems.map((p) => `${p.file} ${p.message}`)).toContainEqual(
      expect.stringMatching(
        /^pages\/index\.yaml links to \/jacksonville-security-services, but no page has that address/,
      ),
    )
    sameAsFresh(removed)
    cpSync(join(process.cwd(), JACKSONVILLE), join(root, JACKSONVILLE))
    cpSync(join(process.cwd(), MIAMI), join(root, 'pages/es/a-new-page.yaml'))
    store.update([JACKSONVILLE, 'pages/es/a-new-page.yaml'])
    sameAsFresh(store.content())
  })

  it('a draft stands in for its file without being stored', () => {
    const store = new ContentStore(root)
    const saved = store.content()
    const text = readFileSync(join(root, MIAMI), 'utf8').replace(/^ {2}city: Miami$/m, '  city: Orlando')
    const draft = store.withDraft(MIAMI, text)
    expect(draft.problems.map((p) => `${p.file} ${p.message}`)).toContainEqual(
      // At the draft, where its author sees it, though Orlando's page comes after it.
      expect.stringMatching(/^pages\/miami-security-services\.yaml this city is already declared by pages\/orlando/),
    )
    // The preview's page alone: resolved against the whole site.
    const alone = store.withDraft(MIAMI, text, { alone: true })
    expect(alone.pages.map((p) => p.path)).toEqual(['/miami-security-services'])
    expect(store.content()).toBe(saved)
  })
})

describe('the content cache (.cache/content) of npm run check and the build', () => {
  // A page with problems of its own and across pages, so their places are compared too.
  const spoil = () =>
    edit(MIAMI, (t) =>
      t
        .replace(/^ {2}city: Miami$/m, '  city: Orlando')
        .replace('{{company.phone.display}}', '(305) 555-0100')
        .replace('href: /contact-us', 'href: /contact'),
    )

  it('gives every file from the cache, with the same report, when nothing changed', () => {
    spoil()
    const first = new ContentStore(root, { diskCache: true })
    const cold = first.content()
    first.save()
    expect(cold.problems.length).toBeGreaterThan(2)
    const second = new ContentStore(root, { diskCache: true })
    const warm = second.content()
    expect(second.stats.checked).toBe(0)
    expect(second.stats.fromDisk).toBe(first.stats.checked)
    expect(warm.problems).toEqual(cold.problems)
    expect(warm.pages).toEqual(cold.pages)
    sameAsFresh(warm)
  })

  it('checks again a file whose text changed, and every file when the cache is damaged', () => {
    const first = new ContentStore(root, { diskCache: true })
    first.content()
    first.save()
    spoil()
    const changed = new ContentStore(root, { diskCache: true })
    sameAsFresh(changed.content())
    expect(changed.stats.checked).toBe(1)
    changed.save()
    const file = join(cacheDir(root), 'entries.json')
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.replace('Orlando', 'Orlandx'))
    const damaged = new ContentStore(root, { diskCache: true })
    sameAsFresh(damaged.content())
    expect(damaged.stats.fromDisk).toBe(0)
    expect(damaged.stats.checked).toBe(first.stats.checked)
  })
})
