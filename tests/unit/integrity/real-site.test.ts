import { describe, expect, it } from 'vitest'
import { loadContent } from '../../../src/engine/content-store'
import { formatProblems } from '../../../src/engine/problems'

describe('the real site passes the integrity checks', () => {
  const { problems } = loadContent(process.cwd())

  it('with no errors', () => {
    expect(
      problems.filter((p) => p.severity === 'error'),
      formatProblems(problems),
    ).toEqual([])
  })

  // The contact page's thank-you pages are where the landing pages' quote forms lead (their
  // `thankYouPage`), so a link leads to them.
  it('its only warnings are pages kept out of search engines that nothing links to by design: search, offline and the thank-you pages', () => {
    const warnings = problems.filter((p) => p.severity === 'warning')
    expect(warnings.map((w) => w.file).sort()).toEqual([
      'pages/careers/thank-you.yaml',
      'pages/es/buscar.yaml',
      'pages/es/empleo/gracias.yaml',
      'pages/offline.yaml',
      'pages/search.yaml',
    ])
    for (const warning of warnings)
      expect(warning.message).toMatch(/^no link leads to this page: .* It has meta\.noindex/)
  })
})
