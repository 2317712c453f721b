/**
 * What a prerendered page loads before any interaction, read from the build output: the
 * scripts and module preloads its HTML references, the app entry that src/app/boot.js imports
 * after load (`data-entry`), plus every module they import statically (dynamic import() chunks
 * are left out: they load on demand), and its stylesheets, linked or inlined in a <style>.
 * Sizes are gzip at level 9, as a CDN would serve them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export type FileBytes = { file: string; raw: number; gzip: number }
export type PageBytes = {
  js: FileBytes[]
  css: FileBytes[]
  jsGzip: number
  cssGzip: number
  jsRaw: number
  cssRaw: number
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1]

/** Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; not `import("./x.js")`. */
const STATIC_IMPORT =
  /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[^}]*\}\s*)?(?:from\s*)?["'](\.{1,2}\/[^"']+)["']/g

export function staticImportsOf(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[1])
}

function measure(distDir: string, url: string): FileBytes {
  const data = readFileSync(join(distDir, url))
  return { file: url, raw: data.length, gzip: gzipSync(data, { level: 9 }).length }
}

/** `htmlFile` is relative to distDir, e.g. `index.html` or `contact-us.html`. */
export function pageBytes(distDir: string, htmlFile = 'index.html'): PageBytes {
  const html = readFileSync(join(distDir, htmlFile), 'utf8')
  const pageUrl = `http://site/${htmlFile.replace(/(?:index)?\.html$/, '')}`
  const local = (href: string) => {
    const url = new URL(href, pageUrl)
    return url.host === 'site' ? url.pathname : undefined
  }
  const scripts: string[] = []
  const styles: string[] = []
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    if (/^<script/i.test(tag)) {
      for (const name of ['src', 'data-entry']) {
        const src = attr(tag, name)
        if (src && local(src)) scripts.push(local(src)!)
      }
    } else {
      const rel = attr(tag, 'rel')?.toLowerCase()
      const href = attr(tag, 'href')
      if (!href || !local(href)) continue
      if (rel === 'modulepreload') scripts.push(local(href)!)
      if (rel === 'stylesheet') styles.push(local(href)!)
    }
  }
  // Follow static imports to the whole graph that runs before the page is interactive.
  const seen = new Set<string>()
  const queue = [...scripts]
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    const code = readFileSync(join(distDir, url), 'utf8')
    for (const spec of staticImportsOf(code)) queue.push(new URL(spec, `http://site${url}`).pathname)
  }
  const js = [...seen].map((url) => measure(distDir, url))
  const css = [...new Set(styles)].map((url) => measure(distDir, url))
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join('')
  if (inline) css.push({ file: '<style> in the page', raw: inline.length, gzip: gzipSync(inline, { level: 9 }).length })
  const sum = (files: FileBytes[], key: 'raw' | 'gzip') => files.reduce((total, f) => total + f[key], 0)
  return { js, css, jsGzip: sum(js, 'gzip'), cssGzip: sum(css, 'gzip'), jsRaw: sum(js, 'raw'), cssRaw: sum(css, 'raw') }
}

/** Total size of every file under dir; `originals` leaves out precompressed copies (.br, .gz). */
export function folderSize(dir: string): {
  bytes: number
  files: number
  originalBytes: number
  originalFiles: number
  byExtension: Record<string, number>
} {
  const size = { bytes: 0, files: 0, originalBytes: 0, originalFiles: 0, byExtension: {} as Record<string, number> }
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name)
      if (entry.isDirectory()) walk(full)
      else {
        const bytes = statSync(full).size
        size.bytes += bytes
        size.files++
        const ext = /\.[^./]+$/.exec(entry.name)?.[0] ?? '(none)'
        size.byExtension[ext] = (size.byExtension[ext] ?? 0) + bytes
        if (!/\.(br|gz)$/.test(entry.name)) {
          size.originalBytes += bytes
          size.originalFiles++
        }
      }
    }
  }
  walk(dir)
  return size
}
