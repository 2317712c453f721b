// Small throw-away sites for engine tests: the real site.yaml plus the pages a test gives, and
// this site's forms, which a command started in the fixture (tsx reads its tsconfig.json) finds
// as @site/forms/… as it does in any site's folder (docs/new-site.md).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { scratchFolder } from './scratch'

export const validPage = (heading = 'A Page Heading For Tests') => `meta:
  title: A valid page title for the tests
  description: A description that is long enough to pass the page schema minimum length rule.
blocks:
  - type: hero
    heading: ${heading}
  - type: cta
    heading: Talk to us
    actions:
      - label: Contact
        href: /contact-us
`

export function fixtureSite(pages: Record<string, string>, siteYaml?: string): string {
  const root = scratchFolder('site-fixture-')
  if (siteYaml === undefined) cpSync('site.yaml', join(root, 'site.yaml'))
  else writeFileSync(join(root, 'site.yaml'), siteYaml)
  const tsconfig = {
    extends: resolve('tsconfig.json'),
    compilerOptions: { paths: { '@site/forms/*': [`${resolve('forms')}/*`] } },
  }
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig))
  mkdirSync(join(root, 'pages'))
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(dirname(join(root, 'pages', file)), { recursive: true })
    writeFileSync(join(root, 'pages', file), text)
  }
  return root
}
