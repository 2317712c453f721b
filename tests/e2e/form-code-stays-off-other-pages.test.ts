// Forms cost nothing on pages without forms, and their validation never evaluates code.
import { readdirSync, readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, openPage } from './browser'

// Strings that only these libraries' code contains.
const MARKERS = { ajv: 'ucs2length', supabase: 'X-Client-Info', mantine: 'data-mantine-color-scheme' }

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function scriptsLoadedBy(page: Page, path: string, act?: () => Promise<void>) {
  const bodies: string[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') bodies.push(await response.text())
  })
  await gotoHydrated(page, path)
  await act?.()
  await page.waitForLoadState('networkidle')
  return bodies.join('\n')
}

describe('form code', () => {
  it('no built JavaScript contains `new Function(` or eval', () => {
    for (const file of readdirSync('dist/assets').filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(`dist/assets/${file}`, 'utf8')
      expect(code, file).not.toContain('new Function(')
      expect(code, file).not.toMatch(/\beval\(/)
    }
  })

  it('the home page loads none of the form code (ajv), supabase-js or Mantine', async () => {
    const { page } = await openPage(browser)
    const code = await scriptsLoadedBy(page, '/')
    for (const [library, marker] of Object.entries(MARKERS)) expect(code.includes(marker), library).toBe(false)
  })

  it('the contact page loads the precompiled validator, and supabase-js and the toasts (Mantine) only on submit', async () => {
    const { page } = await openPage(browser)
    const code = await scriptsLoadedBy(page, '/contact-us')
    expect(code).toContain(MARKERS.ajv)
    expect(code).not.toContain(MARKERS.supabase)
    expect(code).not.toContain(MARKERS.mantine)
  })
})
