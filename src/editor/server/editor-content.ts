// The site's content as the editor sees it, and `npm run check`'s problems of a page: the content
// in memory, each file read again when it changes on disk, where a draft stands in for its file
// without being stored; the headings its blocks render, checked as `npm run check` checks them;
// and a page's data resolved for the preview frames.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ViteDevServer } from 'vite'
import type { PageData } from '../../blocks/types'
import { addressOf } from '../../content/addresses'
import type { Problem } from '../../content/problems'
import { forgetCodeVersion, openHeadingLevelsCache } from '../../engine/content-cache'
import { ContentStore } from '../../engine/content-store'
import { headingLevels, headingParts, headingProblems } from '../../engine/integrity/headings'
import type { Content } from '../../engine/load-content'
import { factPaths } from '../../engine/placeholders'
import { photoAltProblems } from './photo-alt'

/** What the editor's server asks of Vite's development server. */
export type EditorHost = Pick<ViteDevServer, 'ssrLoadModule' | 'transformIndexHtml' | 'watcher'>
type EntryServer = typeof import('../../entry-server')

export const problemsOf = (content: Content, file: string) => content.problems.filter((p) => p.file === file)

export class EditorContent {
  // Not the dev server's own store: that one holds the block catalogue, whose links would hide orphans.
  readonly store: ContentStore
  // The heading levels each list of blocks renders, kept across runs (as npm run check keeps them).
  private levels: ReturnType<typeof openHeadingLevelsCache>
  // The block types that render an h1 on this site, read off every page as `npm run check` does,
  // once per version of the content.
  private readonly h1Types = new WeakMap<Content, Promise<string[]>>()
  // site.yaml's facts by name, read off its text as it is now; parsed again only when that text
  // changes (every page opened asks for them, and site.yaml is the largest file).
  private facts: { text: string; paths: Map<string, string> } | undefined

  constructor(
    readonly root: string,
    private readonly host: EditorHost,
  ) {
    this.store = new ContentStore(root, { diskCache: true })
    this.levels = openHeadingLevelsCache(root)
  }

  /** The site's server renderer, as the development server has it now. */
  renderer(): Promise<EntryServer> {
    return this.host.ssrLoadModule('/src/entry-server.tsx') as Promise<EntryServer>
  }

  /** A file of the site changed on disk (`rel` from the root, with slashes). */
  fileChanged(rel: string) {
    if (ContentStore.isContentFile(rel)) this.store.update([rel])
    // What blocks render follows the code and site.yaml's texts: levels seen before may differ now.
    if (rel === 'site.yaml' || /^(src|forms)\//.test(rel)) {
      forgetCodeVersion(this.root)
      this.levels = openHeadingLevelsCache(this.root)
    }
  }

  siteFacts(): Map<string, string> {
    const text = readFileSync(join(this.root, 'site.yaml'), 'utf8')
    if (this.facts?.text !== text) this.facts = { text, paths: factPaths({ text }) }
    return this.facts.paths
  }

  /**
   * What `npm run check` says of the page with `text` in place of its file, and the page; with
   * the editor's own rule that a photo is not saved without its alt text.
   */
  async check(file: string, text: string) {
    const content = this.store.withDraft(file, text)
    return { content, problems: [...(await this.withHeadings(content, file)), ...photoAltProblems(content, file)] }
  }

  /** The file's problems, with those of its rendered headings once it is otherwise valid. */
  async withHeadings(content: Content, file: string): Promise<Problem[]> {
    const problems: Problem[] = problemsOf(content, file)
    const parsed = content.parsed.find((p) => p.file === file)
    if (parsed?.blocks && !problems.some((p) => p.severity === 'error')) {
      const parts = headingParts(parsed)
      const found = await this.levelsOf(parts.map((p) => p.block))
      const blocks = parts.map((part, j) => ({ ...part, levels: found[j] ?? [] }))
      // The site's h1 blocks as saved, and this page's own.
      const types = new Set(await this.allH1Types(this.store.content()))
      for (const b of blocks) if (b.levels.includes(1)) types.add(b.type)
      problems.push(...headingProblems(parsed, blocks, [...types].sort()))
    }
    return problems
  }

  /** Each block's heading levels, rendered only for blocks not seen before. */
  private async levelsOf(blocks: readonly unknown[]): Promise<number[][]> {
    const key = createHash('sha256').update(JSON.stringify(blocks)).digest('hex')
    const known = this.levels.get(key)
    if (known) return known
    const found = (await (await this.renderer()).renderBlocks(blocks as never)).map(headingLevels)
    this.levels.set(key, found)
    return found
  }

  private allH1Types(content: Content): Promise<string[]> {
    const known = this.h1Types.get(content)
    if (known) return known
    const found = (async () => {
      const types = new Set<string>()
      for (const page of content.parsed) {
        if (!page.blocks) continue
        const parts = headingParts(page)
        const each = await this.levelsOf(parts.map((p) => p.block))
        each.forEach((l, j) => {
          if (l.includes(1)) types.add(parts[j].type)
        })
      }
      this.levels.save()
      return [...types].sort()
    })()
    this.h1Types.set(content, found)
    return found
  }
}

/**
 * The page's data, resolved as the build resolves it (placeholders, city lists, related links,
 * from the content in memory), for the preview frames to render with the site's own components;
 * with each block's index in the YAML, which a click in the preview selects.
 */
export function previewData(content: Content, file: string): { page: PageData; blocks: number[] } | undefined {
  const page = content.pages.find((p) => p.path === addressOf(file.slice('pages/'.length)))
  const parsed = content.parsed.find((p) => p.file === file)
  if (!page || !parsed?.blocks) return undefined
  return { page, blocks: parsed.blocks.map((b) => b.index) }
}
