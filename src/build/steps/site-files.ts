// The files beside the pages in dist/: sitemap.xml, robots.txt, _redirects, _headers, and the list of
// pages the collect function counts events for (_data/_pages.json).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SitemapStream, streamToPromise } from 'sitemap'
import { formatRedirects } from '../../../server/redirects-file'
import { formatHeadersFile, policyInputsOf } from '../../../server/security-headers'
import type { PageData } from '../../blocks/types'
import type { Redirect } from '../../content/types'
import type { Content } from '../../engine/load-content'
import { notFoundFile } from './prerender'

/** Pages search engines should list: canonical, indexable pages only (no redirects, 404, search). */
export function sitemapPages(content: Content) {
  return content.pages.filter((p) => !p.meta.noindex && (!p.meta.canonical || p.meta.canonical === p.path))
}

/**
 * A page's versions in every language, for the sitemap: the same set as its hreflang links (each
 * version lists itself and the others, and x-default is the default language's).
 */
function sitemapAlternates(page: PageData, content: Content): { lang: string; url: string }[] {
  if (!page.translations.length) return []
  const versions = content.translations.versionsOf(page.path)
  const byDefault = versions.find((v) => v.locale === content.locales[0].code)
  return [
    ...versions.map((v) => ({ lang: v.locale, url: v.path })),
    ...(byDefault ? [{ lang: 'x-default', url: byDefault.path }] : []),
  ]
}

/**
 * `extraRedirects`: those the prerender found the pages need (a translated form's thank-you
 * address); they are written for the host, not the router (only a server ever receives them).
 */
/** sitemap.xml: every listed page, with its versions in the other languages as xhtml:link alternates. */
export async function sitemapXml(content: Content): Promise<string> {
  const stream = new SitemapStream({ hostname: content.site!.seo.origin })
  for (const page of sitemapPages(content)) {
    stream.write({
      url: page.path,
      changefreq: page.meta.article ? 'monthly' : 'weekly',
      priority: content.locales.some((l) => l.home === page.path) ? 1 : 0.7,
      links: sitemapAlternates(page, content),
    })
  }
  stream.end()
  return (await streamToPromise(stream)).toString()
}

export async function writeSiteFiles(outDir: string, content: Content, extraRedirects: Redirect[] = []) {
  const origin = content.site!.seo.origin
  writeFileSync(join(outDir, 'sitemap.xml'), await sitemapXml(content))
  // Every page's address and language: the hosted collect function refuses events of any other
  // address (supabase/functions/_shared/measurement/collect.ts). No page's data file starts with _.
  const pages = Object.fromEntries(content.pages.map((page) => [page.path, page.locale]))
  writeFileSync(join(outDir, '_data', '_pages.json'), JSON.stringify(pages))
  // Each language's search page (the translations of /search) is kept out of crawls too.
  const searchPages = content.translations.versionsOf('/search').map((v) => v.path)
  writeFileSync(
    join(outDir, 'robots.txt'),
    `User-agent: *\nAllow: /\n${searchPages.map((p) => `Disallow: ${p}\n`).join('')}\nSitemap: ${origin}/sitemap.xml\n`,
  )
  // Each language's folder answers a missing address with its own not-found page.
  const notFound = content.locales.slice(1).map((l) => ({ prefix: l.home, page: `/${notFoundFile(l.home)}` }))
  writeFileSync(join(outDir, '_redirects'), formatRedirects([...content.redirects, ...extraRedirects], notFound))
  // Hosts that read _headers serve the site at its origin: upgrades only when that is https.
  writeFileSync(
    join(outDir, '_headers'),
    formatHeadersFile({ ...policyInputsOf(outDir), https: new URL(origin).protocol === 'https:' }),
  )
}
