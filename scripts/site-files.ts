// The files beside the pages in dist/: sitemap.xml, robots.txt, _redirects and _headers.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SitemapStream, streamToPromise } from 'sitemap'
import { formatRedirects } from '../server/redirects-file'
import { formatHeadersFile, policyInputsOf } from '../server/security-headers'
import type { Content } from '../src/engine/load-content'

/** Pages search engines should list: canonical, indexable pages only (no redirects, 404, search). */
export function sitemapPages(content: Content) {
  return content.pages.filter((p) => !p.meta.noindex && (!p.meta.canonical || p.meta.canonical === p.path))
}

export async function writeSiteFiles(outDir: string, content: Content) {
  const origin = content.site!.seo.origin
  const stream = new SitemapStream({ hostname: origin })
  for (const page of sitemapPages(content)) {
    stream.write({
      url: page.path,
      changefreq: page.meta.article ? 'monthly' : 'weekly',
      priority: page.path === '/' ? 1 : 0.7,
    })
  }
  stream.end()
  writeFileSync(join(outDir, 'sitemap.xml'), (await streamToPromise(stream)).toString())
  writeFileSync(
    join(outDir, 'robots.txt'),
    `User-agent: *\nAllow: /\nDisallow: /search\n\nSitemap: ${origin}/sitemap.xml\n`,
  )
  writeFileSync(join(outDir, '_redirects'), formatRedirects(content.manifest.redirects))
  writeFileSync(join(outDir, '_headers'), formatHeadersFile(policyInputsOf(outDir)))
}
