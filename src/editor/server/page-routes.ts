// The editor's routes for pages: the list of pages with their problems, what the forms are made
// from (the catalogue), a page to open, the server's render of a saved page (the preview's
// reference), and a draft (its preview and the lines a save would change), its check, its save
// and its sharing image.
import { readFileSync } from 'node:fs'
import { structuredPatch } from 'diff'
import type { FromSchema } from 'json-schema-to-ts'
import { parse } from 'yaml'
import { addressOf } from '../../content/addresses'
import { pageMetaSchema } from '../../content/page-meta-schema'
import { writeFileAtomically } from '../../engine/atomic-file'
import { blockSchemas, blockTypes, slotsOf } from '../../engine/blocks'
import { buildCacheDir } from '../../engine/content-cache'
import { DESCRIPTION, TITLE } from '../../engine/integrity/seo'
import { listPageFiles } from '../../engine/load-content'
import { localeFacts } from '../../engine/locales'
import { exampleAddress, readNewPages } from '../../engine/new-pages'
import { blockSchemaWithType } from '../../engine/page-schema'
import { hasErrors } from '../../engine/problems'
import { contentHash } from '../../engine/translations'
import { iconNames } from '../../icon-names'
import { type EditorContent, type EditorHost, previewData, problemsOf } from './editor-content'
import { HttpError } from './http'
import { pageFile, versionOf } from './page-files'
import { get, post, type Route } from './routes'
import { editYaml } from './yaml-edit'

type OgImages = typeof import('../../build/steps/sharing-images')

/** A draft: the page file, the version of it the editor opened, and the page's data as edited. */
const DRAFT = {
  type: 'object',
  required: ['file', 'version', 'data'],
  properties: { file: { type: 'string' }, version: { type: 'string' }, data: {} },
} as const
type Draft = FromSchema<typeof DRAFT>

export function pageRoutes(content: EditorContent, host: EditorHost): Route[] {
  return [
    get('pages', () => pageList(content)),
    get('catalogue', () => catalogue(content)),
    get('page', (query) => pageToOpen(content, query.get('file'))),
    get('rendered', (query) => rendered(content, query.get('file'))),
    post('draft', DRAFT, (body) => draft(content, body)),
    post('check', DRAFT, async (body) => ({
      problems: (await content.check(body.file, edited(content, body).text)).problems,
    })),
    post('save', DRAFT, (body) => save(content, body)),
    post('card', DRAFT, (body) => sharingImage(content, host, body)),
  ]
}

/** Every page file, each with its counts of problems and whether its translation is stale. */
function pageList(editor: EditorContent) {
  const content = editor.store.content()
  const byFile = new Map(content.parsed.map((p) => [p.file, p]))
  const byAddress = new Map(content.parsed.map((p) => [p.address, p]))
  const counted = (file: string) => {
    const problems = problemsOf(content, file)
    const errors = problems.filter((p) => p.severity === 'error').length
    const page = byFile.get(file)
    const translationOf = page?.raw.meta.translationOf
    const source = translationOf ? byAddress.get(translationOf) : undefined
    // Stale as `npm run check` flags it: the source's version now is not the one recorded.
    const stale = source ? page?.raw.meta.sourceHash !== contentHash(source.source) : false
    return { file, errors, warnings: problems.length - errors, translationOf, stale }
  }
  // A file whose YAML or schema fails is listed too: it is the one most in need of the editor.
  const files = new Set([...content.parsed.map((p) => p.file), ...listPageFiles(editor.root)])
  return {
    pages: [...files]
      .map((file) => ({ address: addressOf(file.slice('pages/'.length)), ...counted(file) }))
      .sort((a, b) => a.address.localeCompare(b.address)),
  }
}

/** What the forms are made from: the schemas, the facts, icons and languages, the search result's ranges. */
function catalogue(editor: EditorContent) {
  const content = editor.store.content()
  return {
    meta: pageMetaSchema,
    blocks: blockTypes.map((type) => ({
      type,
      schema: blockSchemaWithType(type, blockSchemas[type]),
      // The slots the editor shows as lists of blocks, each block with its own form.
      slots: slotsOf(type),
    })),
    facts: [...editor.siteFacts().keys()].filter((f) => !/^(texts|locales|redirects)\./.test(f)),
    icons: iconNames,
    // What the search result and its length meters follow: npm run check's own ranges.
    seo: {
      title: TITLE,
      description: DESCRIPTION,
      titleSuffix: content.site?.seo.titleSuffix ?? '',
      siteName: content.site?.seo.siteName ?? '',
      origin: content.site?.seo.origin ?? '',
    },
    locales: content.locales.map((l) => ({ code: l.code, name: l.name })),
    // The kinds of new page the site declares (templates/new-pages.yaml), as `npm run new` makes them.
    newPages: Object.entries(readNewPages(editor.root).kinds).map(([kind, spec]) => ({
      kind,
      label: spec.label,
      example: spec.example,
      exampleAddress: content.locales[0] && exampleAddress(spec, content.locales[0].code),
    })),
  }
}

/** A page to open: its data and version, its language's facts, and its versions in the other languages. */
function pageToOpen(editor: EditorContent, file: string | null) {
  const text = readFileSync(pageFile(editor.root, file), 'utf8')
  const address = addressOf(String(file).slice('pages/'.length))
  const content = editor.store.content()
  const fileOf = (path: string) => content.parsed.find((p) => p.address === path)?.file
  const locale = content.pages.find((p) => p.path === address)?.locale ?? content.locales[0]?.code
  // The facts its {{placeholders}} name, in its language: the editor measures texts filled in.
  const facts = localeFacts(editor.siteFacts(), locale, locale === content.locales[0]?.code)
  return {
    file,
    address,
    data: parse(text),
    version: versionOf(text),
    locale,
    facts: Object.fromEntries(facts),
    // Every version of this page in another language, both ways of the pairing.
    translations: content.translations
      .versionsOf(address)
      .filter((v) => v.path !== address)
      .map((v) => ({ ...v, file: fileOf(v.path) })),
  }
}

/**
 * The reference for the preview: the page as saved, rendered by the site's server renderer (what
 * the build prerenders into #root), with the data the preview would be given.
 */
async function rendered(editor: EditorContent, file: string | null) {
  pageFile(editor.root, file)
  const content = editor.store.content()
  const data = previewData(content, String(file))
  if (!data) throw new HttpError(422, `${file} has problems that keep it from being rendered.`)
  const { render } = await editor.renderer()
  const { html } = await render(data.page.path, new Map(content.pages.map((p) => [p.path, p])))
  return { ...data, html }
}

/** The page file's text now and as the draft would write it; refused when the file changed since it was opened. */
function edited(editor: EditorContent, { file, version, data }: Draft) {
  const full = pageFile(editor.root, file)
  const current = readFileSync(full, 'utf8')
  if (version !== versionOf(current))
    throw new HttpError(409, `${file} was changed on disk since you opened it (by git or another editor).`, {
      conflict: true,
    })
  try {
    return { file, full, current, text: editYaml(current, data) }
  } catch (error) {
    throw new HttpError(422, (error as Error).message)
  }
}

const hunksOf = ({ file, current, text }: ReturnType<typeof edited>) =>
  structuredPatch(file, file, current, text, '', '', { context: 2 }).hunks

/**
 * The lines a save would change and, unless the page alone has errors, its preview data: from the
 * page alone, as the checks across pages take longer. It follows the typing; `check` follows it.
 */
function draft(editor: EditorContent, body: Draft) {
  const draft = edited(editor, body)
  const content = editor.store.withDraft(draft.file, draft.text, { alone: true })
  const failed = hasErrors(problemsOf(content, draft.file))
  return { hunks: hunksOf(draft), ...(failed ? {} : previewData(content, draft.file)) }
}

/** Writes the draft when `npm run check` finds no error in it; a file that would not change is not written. */
async function save(editor: EditorContent, body: Draft) {
  const draft = edited(editor, body)
  const { problems } = await editor.check(draft.file, draft.text)
  const errors = problems.filter((p) => p.severity === 'error')
  if (errors.length)
    throw new HttpError(422, `The page has ${errors.length} problem(s) to fix before it can be saved.`, { problems })
  if (draft.text !== draft.current) {
    // A reader (the site's plugin, a build) finds the old page or the new one, never half of it.
    writeFileAtomically(draft.full, draft.text)
    editor.store.update([draft.file])
  }
  return { version: versionOf(draft.text), problems, hunks: hunksOf(draft) }
}

/** The sharing image the build draws for the page (src/build/steps/sharing-images.tsx), from the draft. */
async function sharingImage(editor: EditorContent, host: EditorHost, body: Draft) {
  const { file, text } = edited(editor, body)
  const content = editor.store.withDraft(file, text, { alone: true })
  const page = content.pages.find((p) => p.path === addressOf(file.slice('pages/'.length)))
  if (!page || !content.site) return {}
  if (page.meta.ogImage) return { image: page.meta.ogImage }
  const { cardsOf, cardPng } = (await host.ssrLoadModule('/src/build/steps/sharing-images.tsx')) as OgImages
  const [{ card }] = cardsOf([page], content.site)
  const png = await cardPng(card, buildCacheDir(editor.root))
  return { image: `data:image/png;base64,${png.toString('base64')}` }
}
