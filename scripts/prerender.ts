// Writes the static HTML of every page into dist/, from the client build's index.html.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Content } from '../src/engine/load-content'
import type { render as Render } from '../src/entry-server'
import { injectIntoTemplate } from './html-template'

type Options = { outDir: string; content: Content; render: typeof Render }

export const NOT_FOUND_PROBE = '/__not-found__'

export async function prerenderPages({ outDir, content, render }: Options): Promise<string[]> {
  const pages = new Map(content.pages.map((p) => [p.path, p]))
  const template = readFileSync(join(outDir, 'index.html'), 'utf8')
  const written: string[] = []

  for (const page of content.pages) {
    const { html } = await render(page.path, pages)
    // A loader that failed on the server leaves <main> empty: fail the build, not the visitor.
    if (!/<main[^>]*>\s*<(?!\/main)/.test(html)) throw new Error(`Prerendering ${page.path} produced no page content`)
    const file = join(outDir, page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, injectIntoTemplate(template, html, page))
    written.push(page.path)
  }

  const notFound = await render(NOT_FOUND_PROBE, pages)
  if (notFound.status !== 404) throw new Error(`The not-found page rendered with status ${notFound.status}`)
  writeFileSync(join(outDir, '404.html'), injectIntoTemplate(template, notFound.html, undefined))
  return written
}
