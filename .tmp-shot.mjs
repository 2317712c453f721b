import { chromium } from 'playwright'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
for (const [width, height] of [[1280, 900], [375, 800]]) {
  const page = await browser.newPage({ viewport: { width, height } })
  await page.goto('http://127.0.0.1:5199/_editor/')
  await page.getByRole('link', { name: /orlando-security-services\.yaml/ }).click()
  await page.getByRole('heading', { name: 'Page settings' }).waitFor()
  await page.getByTitle(/^Preview at phone width/).waitFor()
  await page.getByTestId('share-card').locator('img').waitFor({ timeout: 60000 })
  await page.screenshot({ path: `/tmp/shots/editor-${width}.png` })
  await page.locator('#search-heading').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `/tmp/shots/editor-${width}-search.png` })
  await page.goto('http://127.0.0.1:5199/_editor/')
  await page.getByRole('link', { name: /seguridad-privada-miami\.yaml/ }).click()
  await page.getByRole('heading', { name: /^Source:/ }).waitFor()
  await page.screenshot({ path: `/tmp/shots/editor-${width}-es.png` })
}
await browser.close()
