/**
 * The site's pages and their languages, as the local backend's collect function needs them to
 * refuse events of pages that do not exist: read from pages/ and site.yaml (the build's source), so
 * `npm run dev`, `npm run serve` and `npm run backend` know a new page as soon as its file exists.
 * Read again at most every few seconds, not per request.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { addressOf, PAGE_FILE } from '../src/content/addresses.ts'
import { localeOf, siteLocales } from '../src/content/locales.ts'
import type { SitePages } from '../supabase/functions/_shared/measurement/collect.ts'

const FRESH_MS = 5_000

export function pagesOfFolder(root: string = process.cwd()): SitePages {
  let read: { at: number; pages: Map<string, string> } | undefined
  const pages = () => {
    if (read && Date.now() - read.at < FRESH_MS) return read.pages
    const site = parse(readFileSync(join(root, 'site.yaml'), 'utf8')) as { locales: Record<string, { name: string }> }
    const locales = siteLocales(site as Parameters<typeof siteLocales>[0])
    const list = new Map<string, string>()
    for (const file of pageFiles(join(root, 'pages'))) {
      const address = addressOf(file)
      list.set(address, localeOf(address, locales).code)
    }
    read = { at: Date.now(), pages: list }
    return list
  }
  return { localeOf: async (page) => pages().get(page) }
}

/** The page files under `dir`, relative to it (services/event-security.yaml). */
function pageFiles(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return pageFiles(dir, `${under}${entry.name}/`)
    return PAGE_FILE.test(entry.name) ? [`${under}${entry.name}`] : []
  })
}
