// ajv's code for each form is kept in the build cache (BUILD_CACHE_DIR/form-validators): an
// entry is used only for the schema and generator it was made from; another schema, or an entry
// damaged since, gets the code made afresh, the same as with no cache at all.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { browserSchema } from '../../../common/forms/define'
import { FORM_KINDS, FORMS } from '../../../forms/registry'
import { VerifiedCache } from '../../../src/build/cache'
import { cachedAjvCode } from '../../../src/vite/form-validators'

const cacheDir = mkdtempSync(join(tmpdir(), 'form-validators-cache-'))
const entries = join(cacheDir, 'form-validators')
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }))

const kind = FORM_KINDS[0]
const schema = browserSchema(FORMS[kind])
const entryOf = (k: string) => readdirSync(entries).find((name) => name.startsWith(`${k}.`))
/** Waits until the cache's entry for the form holds `code`: the write made beside the build is done. */
const keptCode = (code: string) =>
  vi.waitFor(() =>
    expect(readFileSync(join(entries, entryOf(kind) ?? '.none'), 'utf8').endsWith(`\n${code}`)).toBe(true),
  )

describe('the form validators in the build cache', () => {
  const fresh = cachedAjvCode(kind, schema, undefined)

  it('keeps the code made for a schema, and gives it back for that schema', async () => {
    expect(cachedAjvCode(kind, schema, cacheDir)).toBe(fresh)
    // Written beside the build's other work: wait for the entry itself.
    await vi.waitFor(() => expect(entryOf(kind)).toBeDefined())
    const kept = readFileSync(join(entries, entryOf(kind)!), 'utf8')
    expect(kept.endsWith(fresh)).toBe(true)
    // What the cache holds is what is used: an entry's code replaced (its digest line kept) comes back.
    const head = kept.slice(0, kept.length - fresh.length)
    await new VerifiedCache(entries).write(kind, 'cjs', Buffer.from(`${head}/* kept */`))
    expect(cachedAjvCode(kind, schema, cacheDir)).toBe('/* kept */')
  })

  it('makes the code afresh for a changed schema, never the entry of the old one', async () => {
    const changed = { ...schema, required: [...((schema as { required?: string[] }).required ?? []), 'added'] }
    const made = cachedAjvCode(kind, changed, cacheDir)
    expect(made).not.toBe('/* kept */')
    expect(made).toBe(cachedAjvCode(kind, changed, undefined))
    expect(made).not.toBe(fresh)
    await keptCode(made)
  })

  it('makes the code afresh for a damaged entry', async () => {
    await vi.waitFor(() => expect(entryOf(kind)).toBeDefined())
    const file = join(entries, entryOf(kind)!)
    writeFileSync(file, `${readFileSync(file, 'utf8')} damaged`)
    expect(cachedAjvCode(kind, schema, cacheDir)).toBe(fresh)
    // And the damaged entry is replaced by the code made afresh.
    await keptCode(fresh)
  })
})
