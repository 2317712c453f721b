// The page editor: the list of pages, a page's forms (its meta and each block, by rjsf), the
// live preview of unsaved edits at phone and desktop width, the problems `npm run check` would
// report, and saving with a diff of exactly the lines that change.
import type { StructuredPatchHunk } from 'diff'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  ApiError,
  api,
  type BlockEntry,
  type Catalogue,
  type Json,
  type PageDoc,
  type PageEntry,
  type Problem,
} from './api'
import { fieldId, fieldPathOf, problemsUnder, SchemaForm } from './schema-forms'

type Open = PageDoc & { original: string; problems: Problem[]; hunks: StructuredPatchHunk[]; html?: string }
type Page = PageDoc['data']

// The pause in typing after which the draft is previewed and checked. The server's draft answer
// is ~50 ms whatever the site's size (the page alone is resolved against the content in memory),
// so a short pause is enough: keystrokes closer together than this are still one request.
const PREVIEW_DELAY_MS = 150
/**
 * The editor's work in this tab (the page open, every unsaved draft, the last message), kept
 * across a reload: the development server reloads every open page when a page is added.
 */
const KEPT = 'page-editor'
type Kept = { open?: Open; drafts: [string, Open][]; message: string | null; pending?: string }
const kept = (): Kept => {
  try {
    return { drafts: [], message: null, ...JSON.parse(sessionStorage.getItem(KEPT) ?? '{}') }
  } catch {
    return { drafts: [], message: null }
  }
}
const NEW_PAGE_SCHEMA = {
  type: 'object',
  required: ['kind', 'name'],
  properties: {
    kind: {
      title: 'Template',
      type: 'string',
      enum: ['city', 'service', 'article'],
      description: 'A city page (also added to the Florida page), a service page or an article.',
    },
    name: { title: 'Name', type: 'string', description: 'The city, service or article title, e.g. Naples.' },
    region: { title: 'Region (city)', type: 'string', description: 'Optional, e.g. Southwest Florida.' },
    category: { title: 'Category (article)', type: 'string', description: 'Optional: one of the insights categories.' },
  },
} as const

export function EditorApp() {
  const [catalogue, setCatalogue] = useState<Catalogue>()
  const [pages, setPages] = useState<PageEntry[]>([])
  const [filter, setFilter] = useState('')
  const [open, setOpen] = useState<Open | undefined>(() => kept().open)
  const [message, setMessage] = useState<string | null>(() => kept().message)
  const [conflict, setConflict] = useState(false)
  const [adding, setAdding] = useState('')
  const [fact, setFact] = useState('')
  const [diff, setDiff] = useState<StructuredPatchHunk[]>()
  const [creating, setCreating] = useState<Json>()
  const drafts = useRef(new Map<string, Open>(kept().drafts)).current
  const lastField = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null)
  const focusAfter = useRef<string>(undefined)
  const sequence = useRef(0)

  const refreshPages = useCallback(() => api.pages().then(setPages), [])
  // A page created just before the reload that its new file caused: open it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on load
  useEffect(() => {
    const { pending } = kept()
    if (pending && open?.file !== pending) void openFile(pending, true, true)
  }, [])
  // The text field a fact is inserted into: the last one that had focus.
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const target = event.target
      if (target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === 'text'))
        lastField.current = target
    }
    document.addEventListener('focusin', onFocus)
    return () => document.removeEventListener('focusin', onFocus)
  }, [])
  useEffect(() => {
    const unsaved = (o: Open) => JSON.stringify(o.data) !== o.original
    const state: Kept = {
      open: open && { ...open, html: undefined },
      drafts: [...drafts].filter(([, o]) => unsaved(o)).map(([f, o]) => [f, { ...o, html: undefined }]),
      message,
      // Kept until the created page is open.
      pending: open?.file === kept().pending ? undefined : kept().pending,
    }
    sessionStorage.setItem(KEPT, JSON.stringify(state))
  })
  useEffect(() => {
    void refreshPages()
    void api.catalogue().then(setCatalogue)
  }, [refreshPages])

  // Focus what a keyboard action moved (a block's button at its new place).
  useEffect(() => {
    if (!focusAfter.current) return
    document.getElementById(focusAfter.current)?.focus()
    focusAfter.current = undefined
  })

  const openFile = async (file: string, fresh = false, keepMessage = false) => {
    if (open) drafts.set(open.file, open)
    const kept = fresh ? undefined : drafts.get(file)
    setConflict(false)
    setDiff(undefined)
    if (kept) {
      setOpen(kept)
      return
    }
    const doc = await api.page(file)
    setOpen({ ...doc, original: JSON.stringify(doc.data), problems: [], hunks: [] })
    if (!keepMessage) setMessage(null)
  }

  const dirty = open ? JSON.stringify(open.data) !== open.original : false
  const errors = open?.problems.filter((p) => p.severity === 'error') ?? []

  // Every edit: the problems and the preview of the unsaved page, debounced; answers to older
  // drafts are dropped.
  const openFileName = open?.file
  const openVersion = open?.version
  const openData = open?.data
  useEffect(() => {
    if (!openFileName || !openVersion || !openData) return
    const id = ++sequence.current
    const update = (changes: Partial<Open>) =>
      setOpen((current) => (current && current.file === openFileName ? { ...current, ...changes } : current))
    const failed = (error: unknown) => {
      if (id !== sequence.current) return
      if (error instanceof ApiError && error.status === 409) setConflict(true)
      else setMessage(`Could not check the page: ${(error as Error).message}`)
    }
    const timer = setTimeout(async () => {
      try {
        const draft = await api.draft(openFileName, openVersion, openData)
        if (id !== sequence.current) return
        // A page that does not render keeps its last preview until it does again.
        update(draft.html ? { hunks: draft.hunks, html: draft.html } : { hunks: draft.hunks })
        const problems = await api.check(openFileName, openVersion, openData)
        if (id === sequence.current) update({ problems })
      } catch (error) {
        failed(error)
      }
    }, PREVIEW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [openFileName, openVersion, openData])

  const change = (update: (page: Page) => Page) =>
    setOpen((current) => (current ? { ...current, data: update(current.data) } : current))
  const setBlocks = (update: (blocks: Json[]) => Json[]) => change((page) => ({ ...page, blocks: update(page.blocks) }))

  const moveBlock = (from: number, to: number, button: string) => {
    setBlocks((blocks) => {
      const next = [...blocks]
      const [block] = next.splice(from, 1)
      next.splice(to, 0, block)
      return next
    })
    focusAfter.current = `block-${to}-${button}`
  }

  // Clicking a block in the preview selects its form.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const index = (event.data as { editorBlock?: unknown } | null)?.editorBlock
      if (typeof index !== 'number') return
      const heading = document.getElementById(`block-${index}-heading`)
      heading?.scrollIntoView({ block: 'start' })
      heading?.focus()
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  const insertFact = () => {
    const field = lastField.current
    if (!field || !fact || !document.contains(field)) {
      setMessage('Click into a text field first, then insert the fact there.')
      return
    }
    const text = `{{${fact}}}`
    const start = field.selectionStart ?? field.value.length
    const end = field.selectionEnd ?? start
    const value = field.value.slice(0, start) + text + field.value.slice(end)
    // React's own setter, then an input event: rjsf sees the change as if it were typed.
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
    field.focus()
    field.setSelectionRange(start + text.length, start + text.length)
  }

  const askToSave = async () => {
    if (!open) return
    if (errors.length) {
      setMessage(`This page cannot be saved: ${errors.length} problem(s) would fail the build. Your edits are kept.`)
      return
    }
    try {
      const [draft, problems] = await Promise.all([
        api.draft(open.file, open.version, open.data),
        api.check(open.file, open.version, open.data),
      ])
      if (problems.some((p) => p.severity === 'error')) {
        setOpen({ ...open, problems })
        setMessage('This page cannot be saved: fix the problems listed first. Your edits are kept.')
        return
      }
      setDiff(draft.hunks)
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(true)
      else setMessage(`Not saved: ${(error as Error).message} Your edits are kept.`)
    }
  }

  const save = async () => {
    if (!open) return
    try {
      const saved = await api.save(open.file, open.version, open.data)
      const next = { ...open, version: saved.version, original: JSON.stringify(open.data), problems: saved.problems }
      setOpen(next)
      drafts.delete(open.file)
      setDiff(undefined)
      setMessage(`Saved ${open.file}.`)
      void refreshPages()
    } catch (error) {
      setDiff(undefined)
      if (error instanceof ApiError && error.status === 409) setConflict(true)
      else if (error instanceof ApiError && Array.isArray(error.body.problems))
        setOpen({ ...open, problems: error.body.problems as Problem[] })
      setMessage(`Not saved: ${(error as Error).message} Your edits are kept.`)
    }
  }

  const createPage = async () => {
    if (!creating) return
    try {
      const created = await api.newPage(creating)
      const note = `Created ${created.file} (${created.address}). ${created.notes[1] ?? ''}`
      // The new file makes the development server reload this tab: say so and open the page after it.
      sessionStorage.setItem(KEPT, JSON.stringify({ ...kept(), open: undefined, message: note, pending: created.file }))
      setCreating(undefined)
      setMessage(note)
      await refreshPages()
      await openFile(created.file, true, true)
    } catch (error) {
      setMessage(`No page was created: ${(error as Error).message}`)
    }
  }

  const shown = useMemo(
    () => pages.filter((p) => `${p.address} ${p.file}`.toLowerCase().includes(filter.trim().toLowerCase())),
    [pages, filter],
  )
  // The list of a thousand pages is not drawn again at every keystroke in a form.
  const opener = useRef(openFile)
  opener.current = openFile
  const openPage = useCallback((file: string) => void opener.current(file), [])
  const blockEntry = (type: unknown) => catalogue?.blocks.find((b) => b.type === type)

  return (
    <div className="editor">
      <nav className="editor__pages" aria-labelledby="pages-heading">
        <h1 id="pages-heading">Pages</h1>
        <label htmlFor="page-filter">Filter</label>
        <input id="page-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <button type="button" onClick={() => setCreating({ kind: 'city' })}>
          New page
        </button>
        <PageList pages={shown} current={open?.file} onOpen={openPage} />
      </nav>

      <main className="editor__main">
        <p role="status" className="editor__message">
          {message}
        </p>
        {creating ? (
          <section aria-labelledby="new-heading" className="editor__panel">
            <h2 id="new-heading">New page</h2>
            <p>
              The same as npm run new: the page is written from its template and checked before anything is written.
            </p>
            <SchemaForm
              idPrefix="new"
              schema={NEW_PAGE_SCHEMA as unknown as Json}
              data={creating}
              problems={[]}
              onChange={setCreating}
            />
            <button type="button" onClick={() => void createPage()}>
              Create page
            </button>{' '}
            <button type="button" onClick={() => setCreating(undefined)}>
              Cancel
            </button>
          </section>
        ) : null}
        {!open || !catalogue ? (
          <p>Choose a page to edit, or make a new one.</p>
        ) : (
          <div>
            <header className="editor__toolbar">
              <h2>
                {open.address} <span className="editor__file">{open.file}</span>
              </h2>
              <button type="button" onClick={() => void askToSave()} aria-describedby="save-state">
                Save
              </button>
              <button
                type="button"
                disabled={!dirty}
                onClick={() => {
                  drafts.delete(open.file)
                  void openFile(open.file, true)
                }}
              >
                Discard changes
              </button>
              <span id="save-state">{dirty ? 'Unsaved changes' : 'No unsaved changes'}</span>
            </header>
            {conflict ? (
              <div role="alert" className="editor__conflict">
                <p>
                  {open.file} was changed on disk since you opened it (by git or another editor). Saving would overwrite
                  that change, so it is not saved.
                </p>
                <button type="button" onClick={() => void openFile(open.file, true)}>
                  Reload from disk (drops your edits)
                </button>
              </div>
            ) : null}
            {diff ? (
              <section aria-labelledby="diff-heading" className="editor__panel" role="dialog" aria-modal="false">
                <h3 id="diff-heading">Lines that will change in {open.file}</h3>
                {diff.length ? <Diff hunks={diff} /> : <p>No line changes: the file stays as it is.</p>}
                <button type="button" onClick={() => void save()}>
                  Save these changes
                </button>{' '}
                <button type="button" onClick={() => setDiff(undefined)}>
                  Back to editing
                </button>
              </section>
            ) : null}
            <ProblemList problems={open.problems} />
            <div className="editor__facts">
              <label htmlFor="fact">Insert a fact from site.yaml</label>
              <select id="fact" value={fact} onChange={(e) => setFact(e.target.value)}>
                <option value="">Choose a fact</option>
                {catalogue.facts.map((f) => (
                  <option key={f} value={f}>{`{{${f}}}`}</option>
                ))}
              </select>
              <button type="button" onClick={insertFact} onMouseDown={(e) => e.preventDefault()}>
                Insert
              </button>
            </div>
            <div className="editor__columns">
              <div className="editor__forms">
                <section aria-labelledby="meta-heading" className="editor__block">
                  <h3 id="meta-heading">Page settings</h3>
                  <SchemaForm
                    idPrefix="meta"
                    schema={catalogue.meta}
                    data={open.data.meta}
                    problems={problemsUnder(open.problems, 'meta')}
                    onChange={(meta) => change((page) => ({ ...page, meta }))}
                  />
                </section>
                {open.data.blocks.map((block, i) => (
                  <BlockForm
                    // Keyed by position: a moved block's form shows the block now at that place.
                    key={`${i}-${String(block.type)}`}
                    index={i}
                    count={open.data.blocks.length}
                    block={block}
                    entry={blockEntry(block.type)}
                    problems={open.problems}
                    onChange={(data) => setBlocks((blocks) => blocks.map((b, j) => (j === i ? data : b)))}
                    onMove={moveBlock}
                    onDuplicate={() => {
                      setBlocks((blocks) => [...blocks.slice(0, i + 1), structuredClone(block), ...blocks.slice(i + 1)])
                      focusAfter.current = `block-${i + 1}-heading`
                    }}
                    onRemove={() => {
                      setBlocks((blocks) => blocks.filter((_, j) => j !== i))
                      focusAfter.current = i > 0 ? `block-${i - 1}-heading` : 'add-block-type'
                    }}
                  />
                ))}
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
                  <button
                    type="button"
                    disabled={!adding}
                    onClick={() => {
                      const example = (blockEntry(adding)?.schema.examples?.[0] ?? {}) as Json
                      setBlocks((blocks) => [...blocks, { type: adding, ...structuredClone(example) }])
                      focusAfter.current = `block-${open.data.blocks.length}-heading`
                    }}
                  >
                    Add block
                  </button>
                </section>
              </div>
              <Preview key={open.file} html={open.html} />
            </div>
          </div>
        )}
      </main>
    </div>
  )
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

const PageList = memo(function PageList({
  pages,
  current,
  onOpen,
}: {
  pages: PageEntry[]
  current: string | undefined
  onOpen: (file: string) => void
}) {
  return (
    <ul>
      {pages.map((p) => (
        <li key={p.file}>
          <a
            href={`#${p.file}`}
            aria-current={current === p.file ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault()
              onOpen(p.file)
            }}
          >
            <span className="editor__address">{p.address}</span>
            <span className="editor__file">{p.file}</span>
            <span className={p.errors ? 'editor__count editor__count--bad' : 'editor__count'}>
              {count(p.errors, 'error')}
              {p.warnings ? `, ${count(p.warnings, 'warning')}` : ''}
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
})

function BlockForm({
  index,
  count,
  block,
  entry,
  problems,
  onChange,
  onMove,
  onDuplicate,
  onRemove,
}: {
  index: number
  count: number
  block: Json
  entry: BlockEntry | undefined
  problems: Problem[]
  onChange: (data: Json) => void
  onMove: (from: number, to: number, button: string) => void
  onDuplicate: () => void
  onRemove: () => void
}) {
  const { type, ...props } = block
  // The block's schema without its `type`, which is fixed once the block is added.
  const schema = useMemo(() => {
    if (!entry) return undefined
    const { type: _type, ...properties } = entry.schema.properties as Json
    return {
      ...entry.schema,
      properties,
      required: ((entry.schema.required as string[]) ?? []).filter((r) => r !== 'type'),
    }
  }, [entry])
  const own = useMemo(() => problemsUnder(problems, `blocks[${index}]`), [problems, index])
  const name = `${entry?.schema.title ?? String(type)} (block ${index + 1})`
  return (
    <section aria-labelledby={`block-${index}-heading`} className="editor__block" id={`block-${index}`}>
      <h3 id={`block-${index}-heading`} tabIndex={-1}>
        {index + 1}. {entry?.schema.title ?? String(type)}
      </h3>
      <div className="editor__block-actions">
        <button
          id={`block-${index}-up`}
          type="button"
          disabled={index === 0}
          onClick={() => onMove(index, index - 1, 'up')}
        >
          Move up<span className="visually-hidden"> {name}</span>
        </button>
        <button
          id={`block-${index}-down`}
          type="button"
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1, 'down')}
        >
          Move down<span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" onClick={onDuplicate}>
          Duplicate<span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" onClick={onRemove}>
          Remove<span className="visually-hidden"> {name}</span>
        </button>
      </div>
      {schema ? (
        <SchemaForm
          idPrefix={`block-${index}`}
          schema={schema}
          data={props}
          problems={own}
          onChange={(data) => onChange({ type, ...data })}
        />
      ) : (
        <p>Unknown block type “{String(type)}”: choose a type from the catalogue, or remove this block.</p>
      )}
    </section>
  )
}

/** Every problem, in `npm run check`'s words, each linking to its field. */
function ProblemList({ problems }: { problems: Problem[] }) {
  if (!problems.length) return <p className="editor__ok">No problems: npm run check would pass for this page.</p>
  return (
    <section aria-labelledby="problems-heading" className="editor__problems">
      <h3 id="problems-heading">{count(problems.length, 'problem')} (as npm run check reports them)</h3>
      <ul>
        {problems.map((p, i) => {
          const path = fieldPathOf(p)
          const block = /^blocks\[(\d+)\]\.?(.*)$/.exec(path)
          const target = block
            ? fieldId(`block-${block[1]}`, block[2])
            : path.startsWith('meta')
              ? fieldId('meta', path.replace(/^meta\.?/, ''))
              : ''
          return (
            <li key={i} className={`editor__problem--${p.severity}`}>
              <a
                href={`#${target}`}
                onClick={(event) => {
                  event.preventDefault()
                  const field =
                    document.getElementById(target) ?? document.getElementById(`block-${block?.[1]}-heading`)
                  field?.focus()
                }}
              >
                {p.severity === 'error' ? 'Error' : 'Warning'} at {p.path || p.file} (line {p.line}:{p.col})
              </a>
              : {p.message}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function Diff({ hunks }: { hunks: StructuredPatchHunk[] }) {
  return (
    <pre className="editor__diff">
      {hunks.map((hunk) => (
        <span key={hunk.oldStart}>
          <span className="editor__diff-at">{`@@ line ${hunk.oldStart} @@\n`}</span>
          {hunk.lines.map((line, i) => (
            <span
              key={i}
              className={
                line.startsWith('+') ? 'editor__diff-add' : line.startsWith('-') ? 'editor__diff-del' : undefined
              }
            >
              {`${line}\n`}
            </span>
          ))}
        </span>
      ))}
    </pre>
  )
}

/** The unsaved page, rendered by the site's own components, at phone and desktop width. */
function Preview({ html }: { html: string | undefined }) {
  // Each frame stays where it was scrolled to when the page is drawn again after an edit.
  const scrolled = useRef<Record<string, number>>({}).current
  // The frames load the first draft's document once; each later draft's #root is put in place of
  // the last (reloading the frame and its stylesheets took longer than the server's answer).
  const shell = useRef<string | undefined>(undefined)
  shell.current ??= html
  const latest = useRef(html)
  latest.current = html
  const frames = useRef(new Map<string, HTMLIFrameElement>()).current
  // What each frame shows now.
  const shown = useRef(new WeakMap<HTMLIFrameElement, string | undefined>()).current
  const draw = useCallback(
    (frame: HTMLIFrameElement) => {
      const doc = frame.contentDocument
      const root = doc?.getElementById('root')
      if (!doc || !root || !latest.current || shown.get(frame) === latest.current) return
      const next = new DOMParser().parseFromString(latest.current, 'text/html')
      const nextRoot = next.getElementById('root')
      if (!nextRoot) return
      doc.documentElement.lang = next.documentElement.lang
      root.replaceWith(doc.importNode(nextRoot, true))
      shown.set(frame, latest.current)
      frame.contentWindow?.dispatchEvent(new Event('editor:drawn'))
    },
    [shown],
  )
  useEffect(() => {
    if (html) for (const frame of frames.values()) draw(frame)
  }, [html, draw, frames])
  const frame = (title: string, className: string) => (
    <iframe
      title={title}
      srcDoc={shell.current}
      className={className}
      ref={(element) => {
        if (element) frames.set(className, element)
        else frames.delete(className)
      }}
      onLoad={(event) => {
        const view = event.currentTarget.contentWindow
        shown.set(event.currentTarget, shell.current)
        draw(event.currentTarget)
        view?.scrollTo(0, scrolled[className] ?? 0)
        view?.addEventListener('scroll', () => {
          scrolled[className] = view.scrollY
        })
      }}
    />
  )
  return (
    <section aria-labelledby="preview-heading" className="editor__preview">
      <h3 id="preview-heading">Preview (not saved yet)</h3>
      {html ? (
        <div className="editor__frames">
          {frame('Preview at phone width, 375 pixels', 'editor__phone')}
          <div className="editor__desktop-box">{frame('Preview at desktop width, 1280 pixels', 'editor__desktop')}</div>
        </div>
      ) : (
        <p>The preview appears once the page has no errors.</p>
      )}
    </section>
  )
}
