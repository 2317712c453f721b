// The page editor: the list of pages (page-list.tsx), a page's forms (page-forms.tsx), its live
// preview (preview.tsx), saving and conflicts (saving.tsx) and new pages (new-page.tsx). This
// component holds what they share: the page open, the drafts of the others, the last message.
import { useCallback, useEffect, useRef, useState } from 'react'
import { wordsIn } from '../results/words'
import { api, type Catalogue, type Json, type PageEntry } from './api'
import { NewPage } from './new-page'
import { PageForms } from './page-forms'
import { PageNav } from './page-list'
import { Preview, useDraft } from './preview'
import { PublishView } from './publish-view'
import { publishWords } from './publish-words'
import { ConflictAlert, DiffDialog, ProblemList, SaveBar, useSaving } from './saving'
import { isDirty, KEPT, type Kept, kept, type Open, type Page } from './state'

export function EditorApp() {
  const [catalogue, setCatalogue] = useState<Catalogue>()
  const [pages, setPages] = useState<PageEntry[]>([])
  const [open, setOpen] = useState<Open | undefined>(() => kept().open)
  const [message, setMessage] = useState<string | null>(() => kept().message)
  const [fact, setFact] = useState('')
  const [creating, setCreating] = useState<Json>()
  // The view in the main column: the page open, or publishing (publish-view.tsx).
  const [publishing, setPublishing] = useState(false)
  const drafts = useRef(new Map<string, Open>(kept().drafts)).current
  // The file being read from the server, if any (openFile).
  const reading = useRef<string | undefined>(undefined)
  const lastField = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null)

  const refreshPages = useCallback(() => api.pages().then(setPages), [])
  const saving = useSaving({
    open,
    setOpen,
    setMessage,
    onSaved: (file) => {
      drafts.delete(file)
      void refreshPages()
    },
  })
  useDraft(open, setOpen, (file, version) => saving.setConflictAt({ file, version }), setMessage)

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
    const state: Kept = {
      open: open && { ...open, preview: undefined },
      drafts: [...drafts].filter(([, o]) => isDirty(o)).map(([f, o]) => [f, { ...o, preview: undefined }]),
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

  const openFile = async (file: string, fresh = false, keepMessage = false) => {
    reading.current = file
    // What the page shown held when it was asked for: typing after that is not to be lost.
    const asked = open?.file === file ? open.data : undefined
    // Only a page with edits is kept: one without is read again when opened (below), so keeping
    // it would only make every render compare more pages with what was loaded.
    if (open && isDirty(open)) drafts.set(open.file, open)
    else if (open) drafts.delete(open.file)
    // Unsaved edits are kept; a page without any is read again (its translations may be new).
    const draft = fresh ? undefined : drafts.get(file)
    if (draft && !isDirty(draft)) drafts.delete(file)
    saving.reset()
    if (draft && isDirty(draft)) {
      setOpen(draft)
      return
    }
    const doc = await api.page(file)
    // Another page was asked for meanwhile: its answer is the one to show.
    if (reading.current !== file) return
    reading.current = undefined
    // The page shown while it was read (the one restored after a reload of the tab) may have
    // been typed into meanwhile: those edits are kept (edits made before, as with "Discard" or
    // "Reload from disk", are dropped), and a save still refuses them if the file changed on
    // disk since the version they were made on.
    setOpen((current) =>
      current?.file === file && asked !== undefined && current.data !== asked && isDirty(current)
        ? current
        : { ...doc, original: JSON.stringify(doc.data), problems: [], hunks: [] },
    )
    if (!keepMessage) setMessage(null)
  }
  // The list of a thousand pages is not drawn again at every keystroke in a form.
  const opener = useRef(openFile)
  opener.current = openFile
  const openNow = useRef(open)
  openNow.current = open
  const openPage = useCallback((file: string) => {
    setPublishing(false)
    void opener.current(file)
  }, [])

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

  const change = useCallback(
    (update: (page: Page) => Page) =>
      setOpen((current) => (current ? { ...current, data: update(current.data) } : current)),
    [],
  )

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

  // "Mark as up to date": npm run check -- --accept-translation <file>.
  const accept = useCallback(
    async (file: string) => {
      try {
        const answer = await api.acceptTranslation(file)
        setMessage(answer.message)
        await refreshPages()
        // The file open has a new line (sourceHash): open it as it is now, unless it has edits.
        const o = openNow.current
        if (o?.file === file && !isDirty(o)) await opener.current(file, true, true)
      } catch (error) {
        setMessage(`Not marked as up to date: ${(error as Error).message}`)
      }
    },
    [refreshPages],
  )

  const created = async (page: { file: string; address: string; notes: string[] }) => {
    const note = `Created ${page.file} (${page.address}). ${page.notes[1] ?? ''}`
    // The new file makes the development server reload this tab: say so and open the page after it.
    sessionStorage.setItem(KEPT, JSON.stringify({ ...kept(), open: undefined, message: note, pending: page.file }))
    setCreating(undefined)
    setMessage(note)
    await refreshPages()
    await openFile(page.file, true, true)
  }

  return (
    <div className="editor">
      <PageNav
        pages={pages}
        current={open?.file}
        onOpen={openPage}
        onNew={() => setCreating({ kind: 'city' })}
        onAccept={accept}
      />
      <main className="editor__main">
        <a className="editor__results-link" href="#results">
          {wordsIn('en').title}
        </a>
        <p role="status" className="editor__message">
          {message}
        </p>
        <button type="button" onClick={() => setPublishing(!publishing)}>
          {publishing ? publishWords.backToPages : publishWords.view}
        </button>
        {publishing && catalogue ? (
          <PublishView
            catalogue={catalogue}
            pages={pages}
            unsaved={[...new Set([...drafts.values(), ...(open ? [open] : [])].filter(isDirty).map((o) => o.file))]}
            onOpen={openPage}
            onPublished={() => {
              void refreshPages()
              const o = openNow.current
              if (o && !isDirty(o)) void opener.current(o.file, true, true)
            }}
          />
        ) : null}
        {!publishing && creating ? (
          <NewPage
            catalogue={catalogue}
            input={creating}
            onInput={setCreating}
            onCreated={(page) => void created(page)}
            onFailed={setMessage}
          />
        ) : null}
        {publishing ? null : !open || !catalogue ? (
          <p>Choose a page to edit, or make a new one.</p>
        ) : (
          <div>
            <SaveBar
              open={open}
              onSave={() => void saving.askToSave()}
              onDiscard={() => {
                drafts.delete(open.file)
                void openFile(open.file, true)
              }}
            />
            {saving.conflict ? (
              <ConflictAlert file={open.file} onReload={() => void openFile(open.file, true)} />
            ) : null}
            {saving.diff ? (
              <DiffDialog
                file={open.file}
                hunks={saving.diff}
                onSave={() => void saving.save()}
                onBack={() => saving.setDiff(undefined)}
              />
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
              <PageForms
                open={open}
                catalogue={catalogue}
                change={change}
                onOpen={openPage}
                onTranslate={(locale) =>
                  setCreating({ kind: 'city', locale, translationOf: open.address, name: open.data.meta.city ?? '' })
                }
              />
              <Preview file={open.file} draft={open.preview} />
            </div>
          </div>
        )}
      </main>
    </div>
  )
}
