// One 1200×630 sharing image per page, drawn at build time from the page's title on the
// brand's card (satori lays it out as SVG, resvg renders the PNG). Cached by content, so an
// unchanged page costs nothing on the next build.

import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'
import { generatedOgImage } from '../src/app/head'
import type { PageData } from '../src/blocks/types'
import type { SiteConfig } from '../src/content/types'

const require = createRequire(import.meta.url)
const font = (weight: 400 | 700) =>
  readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`))
const WIDTH = 1200
const HEIGHT = 630

function Card({ title, kicker, site }: { title: string; kicker: string; site: SiteConfig }) {
  return (
    <div
      style={{
        width: WIDTH,
        height: HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        padding: 72,
        position: 'relative',
        background: 'linear-gradient(135deg, #0b2545 0%, #13315c 100%)',
        color: '#ffffff',
        fontFamily: 'Inter',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <svg width="64" height="64" viewBox="0 0 32 32" aria-hidden="true">
          <path fill="#f2c14e" d="M16 2 4 6v9c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V6z" />
          <path fill="#0b2545" d="M16 6.2 8 9v6c0 5 3.3 9.1 8 10.5 4.7-1.4 8-5.5 8-10.5V9z" />
        </svg>
        <div style={{ fontSize: 34, fontWeight: 700, color: '#f2c14e' }}>{site.company.name}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', marginTop: 110, gap: 18 }}>
        <div style={{ fontSize: 28, textTransform: 'uppercase', letterSpacing: 3, color: '#c9d6e6' }}>{kicker}</div>
        <div style={{ fontSize: title.length > 60 ? 58 : 68, fontWeight: 700, lineHeight: 1.1 }}>{title}</div>
        <div
          style={{ fontSize: 30, color: '#f2c14e', marginTop: 12 }}
        >{`Licensed and veteran-owned. ${site.claims.response}: ${site.company.phone.display}`}</div>
      </div>
    </div>
  )
}

/** The page's own heading, without the SEO suffix. */
function titleOf(page: PageData) {
  const first = page.blocks[0] as { heading?: string }
  return first.heading ?? page.meta.title
}

async function renderPng(title: string, kicker: string, site: SiteConfig): Promise<Buffer> {
  const svg = await satori(<Card title={title} kicker={kicker} site={site} />, {
    width: WIDTH,
    height: HEIGHT,
    fonts: [
      { name: 'Inter', data: font(400), weight: 400, style: 'normal' },
      { name: 'Inter', data: font(700), weight: 700, style: 'normal' },
    ],
  })
  return new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH } }).render().asPng()
}

export async function writeOgImages({
  root,
  outDir,
  pages,
  site,
}: {
  root: string
  outDir: string
  pages: PageData[]
  site: SiteConfig
}) {
  const cacheDir = join(root, '.cache/og')
  mkdirSync(cacheDir, { recursive: true })
  const jobs = [
    ...pages
      .filter((p) => !p.meta.ogImage)
      .map((p) => ({
        file: generatedOgImage(p.path),
        title: titleOf(p),
        kicker: p.breadcrumbs.length > 2 ? p.breadcrumbs.at(-2)!.label : site.company.address.regionName,
      })),
    { file: site.seo.defaultImage, title: site.company.description, kicker: site.seo.siteName },
  ]
  let rendered = 0
  for (const job of jobs) {
    const key = createHash('sha256')
      .update(JSON.stringify([job.title, job.kicker, site.company.name, site.company.phone.display, 6]))
      .digest('hex')
      .slice(0, 16)
    const cached = join(cacheDir, `${key}.png`)
    if (!existsSync(cached)) {
      writeFileSync(cached, await renderPng(job.title, job.kicker, site))
      rendered++
    }
    const target = join(outDir, job.file)
    mkdirSync(dirname(target), { recursive: true })
    copyFileSync(cached, target)
  }
  return { images: jobs.length, rendered }
}
