// Privacy said plainly on the site (issue 48): a page in each language, linked from every page's
// footer in that language, translating each other, and stating how long each thing is kept as the
// backend keeps it: the periods it writes are the backend's defaults, so changing one there
// without the page fails here.
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../../src/engine/content-store'
import { readRetention } from '../../../supabase/functions/_shared/retention.ts'

const content = loadContent(process.cwd())
const periods = readRetention({})
const pages = [
  { locale: 'en', path: '/privacy', days: 'days', months: 'months' },
  { locale: 'es', path: '/es/privacidad', days: 'días', months: 'meses' },
]

describe.each(pages)('the privacy page in $locale ($path)', ({ locale, path, days, months }) => {
  const page = content.pages.find((p) => p.path === path)

  it('exists, indexed, and is the translation of the other', () => {
    expect(page, path).toBeDefined()
    expect(page!.meta.noindex).toBeFalsy()
    const other = pages.find((p) => p.path !== path)!
    expect(page!.translations.map((t) => t.path)).toContain(other.path)
  })

  it("states the backend's retention periods", () => {
    const text = JSON.stringify(page!.blocks)
    for (const stated of [
      `${periods.measureEventDays} ${days}`,
      `${periods.measureAggregateMonths} ${months}`,
      `${periods.leadDays} ${days}`,
      `${periods.applicationDays} ${days}`,
      `${periods.quarantineDays} ${days}`,
    ])
      expect(text).toContain(stated)
  })

  it("is linked from the footer of that language's pages", () => {
    const footer = content.sites.get(locale)!.footer
    expect(footer.columns.flatMap((column) => column.links.map((link) => link.href))).toContain(path)
  })
})
