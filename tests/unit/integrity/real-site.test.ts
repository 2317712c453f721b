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

  it('its only warnings are pages kept out of search engines that nothing links to by design (/search, /offline)', () => {
    for (const warning of problems.filter((p) => p.severity === 'warning'))
      expect(warning.message).toMatch(/^no link leads to this page: .* It has meta\.noindex/)
  })
})
