// The page's forms: its settings (with the search and share previews beside the SEO fields), then
// each block by its schema, in the page's order. Blocks move by dragging their handle (dnd-kit,
// whose keyboard sensor moves them with Space and the arrow keys too) or by their Move buttons;
// a translation shows the page it translates beside its form.
import { DndContext } from '@dnd-kit/core'
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { useEffect, useMemo, useState } from 'react'
import { api, type Catalogue, type Json, type PageDoc } from './api'
import { BlockForm, FoldButton, newBlock, useBlockList } from './block-form'
import { PhotoPage } from './image-field'
import { problemsUnder, SchemaForm } from './schema-forms'
import { SearchPreview, seoUi } from './search-preview'
import type { Open, Page } from './state'

type Props = {
  open: Open
  catalogue: Catalogue
  change: (update: (page: Page) => Page) => void
  onOpen: (file: string) => void
  /** Opens New page for this page's translation into `locale`. */
  onTranslate: (locale: string) => void
}

export function PageForms({ open, catalogue, change, onOpen, onTranslate }: Props) {
  const [adding, setAdding] = useState('')
  const blocks = open.data.blocks
  // Forms folded to their headings (by position: "meta" or a block's index), to see the page's
  // order at a glance and drag a block far.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set())
  const fold = (key: string) =>
    setFolded((all) => {
      const next = new Set(all)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const allKeys = ['meta', ...blocks.map((_, i) => String(i))]
  const allFolded = allKeys.every((k) => folded.has(k))
  const setBlocks = (update: (blocks: Json[]) => Json[]) => change((page) => ({ ...page, blocks: update(page.blocks) }))
  const blockEntry = (type: unknown) => catalogue.blocks.find((b) => b.type === type)
  const metaUi = useMemo(() => seoUi(catalogue.seo, open.facts), [catalogue, open.facts])
  const list = useBlockList(blocks.length, 'block', 'add-block-type', setBlocks)

  const source = useSource(open)
  const defaultLocale = catalogue.locales[0]?.code
  const untranslated =
    open.locale === defaultLocale
      ? catalogue.locales.slice(1).filter((l) => !open.translations?.some((t) => t.locale === l.code))
      : []

  const language = catalogue.locales.find((l) => l.code === open.locale)?.name ?? open.locale ?? ''
  const photoPage = useMemo(() => ({ file: open.file, language }), [open.file, language])

  return (
    <PhotoPage.Provider value={photoPage}>
      <div className={source ? 'editor__forms editor__forms--beside' : 'editor__forms'}>
        <div className="editor__form-column">
          <Translations open={open} catalogue={catalogue} onOpen={onOpen} />
          {untranslated.map((l) => (
            <button key={l.code} type="button" onClick={() => onTranslate(l.code)}>
              Make the {l.name} ({l.code}) translation
            </button>
          ))}
          <button type="button" onClick={() => setFolded(new Set(allFolded ? [] : allKeys))}>
            {allFolded ? 'Unfold all forms' : 'Fold all forms'}
          </button>
          <section aria-labelledby="meta-heading" className="editor__block">
            <div className="editor__block-head">
              <h3 id="meta-heading">Page settings</h3>
              <FoldButton folded={folded.has('meta')} name="Page settings" onClick={() => fold('meta')} />
            </div>
            {folded.has('meta') ? null : (
              <SchemaForm
                idPrefix="meta"
                schema={catalogue.meta}
                data={open.data.meta}
                problems={problemsUnder(open.problems, 'meta')}
                onChange={(meta) => change((page) => ({ ...page, meta }))}
                ui={metaUi}
              />
            )}
          </section>
          <SearchPreview open={open} seo={catalogue.seo} />
          <DndContext sensors={list.sensors} collisionDetection={list.collisionDetection} onDragEnd={list.onDragEnd}>
            <SortableContext items={list.ids} strategy={verticalListSortingStrategy}>
              {blocks.map((block, i) => (
                <BlockForm
                  // Keyed by position: a moved block's form shows the block now at that place.
                  key={`${i}-${String(block.type)}`}
                  id={list.ids[i]}
                  at={`blocks[${i}]`}
                  index={i}
                  count={blocks.length}
                  folded={folded.has(String(i))}
                  onFold={() => fold(String(i))}
                  block={block}
                  entryOf={blockEntry}
                  problems={open.problems}
                  onChange={(data) => setBlocks((all) => all.map((b, j) => (j === i ? data : b)))}
                  onMove={list.move}
                  onDuplicate={() => list.duplicate(i)}
                  onRemove={() => list.remove(i)}
                />
              ))}
            </SortableContext>
          </DndContext>
          <section aria-labelledby="add-heading" className="editor__block">
            <h3 id="add-heading">Add a block</h3>
            <label htmlFor="add-block-type">Block type</label>
            <select id="add-block-type" value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">Choose a type</option>
              {catalogue.blocks.map((b) => (
                <option key={b.type} value={b.type}>
                  {b.schema.title ?? b.type}: {b.schema.description}
                </option>
              ))}
            </select>
            <p className="editor__help">{blockEntry(adding)?.schema.description}</p>
            <button type="button" disabled={!adding} onClick={() => list.add(newBlock(adding, blockEntry(adding)))}>
              Add block
            </button>
          </section>
        </div>
        {source ? <SourcePanel source={source} /> : null}
      </div>
    </PhotoPage.Provider>
  )
}

/** The page's versions in the other languages, each a link to open it. */
function Translations({
  open,
  catalogue,
  onOpen,
}: {
  open: Open
  catalogue: Catalogue
  onOpen: (file: string) => void
}) {
  if (!open.translations?.length) return null
  const name = (code: string) => `${catalogue.locales.find((l) => l.code === code)?.name ?? code} (${code})`
  return (
    <p className="editor__translations" data-testid="translations">
      {open.translations.map((t) => (
        <span key={t.path}>
          {name(t.locale)} version:{' '}
          <a
            href={`#${t.file ?? t.path}`}
            onClick={(event) => {
              event.preventDefault()
              if (t.file) onOpen(t.file)
            }}
          >
            {t.path}
          </a>{' '}
        </span>
      ))}
    </p>
  )
}

/** The page a translation translates, as saved (loaded once per page opened). */
function useSource(open: Open): PageDoc | undefined {
  const [source, setSource] = useState<PageDoc>()
  const sourceFile = open.data.meta.translationOf
    ? open.translations?.find((t) => t.path === open.data.meta.translationOf)?.file
    : undefined
  useEffect(() => {
    setSource(undefined)
    if (sourceFile) void api.page(sourceFile).then(setSource)
  }, [sourceFile])
  return source
}

/** Every text of the source page, block by block, in its order: what the translation says again. */
function SourcePanel({ source }: { source: PageDoc }) {
  const texts = (value: unknown, path: string): [string, string][] =>
    typeof value === 'string'
      ? [[path, value]]
      : Array.isArray(value)
        ? value.flatMap((v, i) => texts(v, `${path}[${i}]`))
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([k, v]) => (k === 'type' ? [] : texts(v, path ? `${path}.${k}` : k)))
          : []
  return (
    <aside aria-labelledby="source-heading" className="editor__source">
      <h3 id="source-heading">
        Source: {source.address} <span className="editor__file">{source.file}</span>
      </h3>
      <h4>Its settings (meta)</h4>
      <TextList items={texts(source.data.meta, '')} />
      {source.data.blocks.map((block, i) => (
        <div key={i}>
          <h4>
            {i + 1}. {String(block.type)}
          </h4>
          <TextList items={texts(block, '')} />
        </div>
      ))}
    </aside>
  )
}

function TextList({ items }: { items: [string, string][] }) {
  return (
    <dl className="editor__source-texts">
      {items.map(([path, value]) => (
        <div key={path}>
          <dt>{path}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
