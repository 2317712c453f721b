// The page editor: the list of pages (page-list.tsx), a page's forms (page-forms.tsx), its live
// preview (preview.tsx), saving and conflicts (saving.tsx), new pages (new-page.tsx) and
// publishing (publish-view.tsx). This component holds what they share: the page open, the drafts
// of the others, the last message.
import { useCallback, useEffect, useRef, useState } from 'react'
import { wordsIn } from '../results/words'
import { api, type Catalogue, type Json, type PageEntry } from './api'
import { FactPicker } from './fact-picker'
import { NewPage } from './new-page'
import { PageForms } from './page-forms'
import { PageNav } from './page-list'
import { usePageOpening } from './page-opening'
import { Preview, useDraft } from './preview'
import { PublishView } from './publish-view'
import { publishWords } from './publish-words'
import { ConflictAlert, DiffDialog, ProblemList, SaveBar, useSaving } from './saving'
import { isDirty, KEPT, type Kept, kept, type Open, type Page } from './state'

type Created = { file: string; address: string; notes: string[] }

export function EditorApp() {
  const { catalogue, pages, refreshPages } = usePagesAndCatalogue()
  const [open, setOpen] = useState<Open | undefined>(() => kept().open)
  const [message, setMessage] = useState<string | null>(() => kept().message)
  // The view in the main column: the page open, or publishing (publish-view.tsx).
  const [publishing, setPublishing] = useState(false)
  const drafts = useRef(new Map<string, Open>(kept().drafts)).current
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
  const { openFile, reopenUnlessEdited } = usePageOpening({
    open,
    setOpen,
    drafts,
    onOpening: saving.reset,
    setMessage,
  })
  // A page created just before the reload that its new file caused: open it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on load
  useEffect(() => {
    const { pending } = kept()
    if (pending && open?.file !== pending) void openFile(pending, true, true)
  }, [])
  useKeptInTheTab(open, drafts, message)
  useBlockSelectedInThePreview()

  const openPage = useCallback(
    (file: string) => {
      setPublishing(false)
      void openFile(file)
    },
    [openFile],
  )
  const accept = useTranslationAccepting(setMessage, refreshPages, reopenUnlessEdited)
  const { creating, setCreating, created } = usePageCreation(setMessage, refreshPages, openFile)

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
        <MainHeading message={message} publishing={publishing} onPublishing={setPublishing} />
        {publishing && catalogue ? (
          <PublishView
            catalogue={catalogue}
            pages={pages}
            unsaved={[...new Set([...drafts.values(), ...(open ? [open] : [])].filter(isDirty).map((o) => o.file))]}
            onOpen={openPage}
            onPublished={() => {
              void refreshPages()
              void reopenUnlessEdited()
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
          <OpenPage
            open={open}
            catalogue={catalogue}
            saving={saving}
            setOpen={setOpen}
            onOpen={openPage}
            onDiscard={() => {
              drafts.delete(open.file)
              void openFile(open.file, true)
            }}
            onReload={() => void openFile(open.file, true)}
            onTranslate={(locale) =>
              setCreating({ kind: 'city', locale, translationOf: open.address, name: open.data.meta.city ?? '' })
            }
            onMessage={setMessage}
          />
        )}
      </main>
    </div>
  )
}

/** The main column's head: the link to the Results view, the last message, and the way to Publish and back. */
function MainHeading(props: { message: string | null; publishing: boolean; onPublishing: (on: boolean) => void }) {
  return (
    <>
      <a className="editor__results-link" href="#results">
        {wordsIn('en').title}
      </a>
      <p role="status" className="editor__message">
        {props.message}
      </p>
      <button type="button" onClick={() => props.onPublishing(!props.publishing)}>
        {props.publishing ? publishWords.backToPages : publishWords.view}
      </button>
    </>
  )
}

/** The page open: its save bar and save state, its problems, its forms and its preview. */
function OpenPage(props: {
  open: Open
  catalogue: Catalogue
  saving: ReturnType<typeof useSaving>
  setOpen: (update: (open: Open | undefined) => Open | undefined) => void
  onOpen: (file: string) => void
  /** "Discard changes": its draft dropped, the file read again. */
  onDiscard: () => void
  /** "Reload from disk" after a conflict: the file read again. */
  onReload: () => void
  onTranslate: (locale: string) => void
  onMessage: (message: string) => void
}) {
  const { open, catalogue, saving, setOpen } = props
  const change = useCallback(
    (update: (page: Page) => Page) =>
      setOpen((current) => (current ? { ...current, data: update(current.data) } : current)),
    [setOpen],
  )
  return (
    <div>
      <SaveBar open={open} onSave={() => void saving.askToSave()} onDiscard={props.onDiscard} />
      {saving.conflict ? <ConflictAlert file={open.file} onReload={props.onReload} /> : null}
      {saving.diff ? (
        <DiffDialog
          file={open.file}
          hunks={saving.diff}
          onSave={() => void saving.save()}
          onBack={() => saving.setDiff(undefined)}
        />
      ) : null}
      <ProblemList problems={open.problems} />
      <FactPicker facts={catalogue.facts} onNoField={props.onMessage} />
      <div className="editor__columns">
        <PageForms
          open={open}
          catalogue={catalogue}
          change={change}
          onOpen={props.onOpen}
          onTranslate={props.onTranslate}
        />
        <Preview file={open.file} draft={open.preview} />
      </div>
    </div>
  )
}

/** A new page: the new-page form's input while it is shown, and the page opened once it is made. */
function usePageCreation(
  setMessage: (message: string) => void,
  refreshPages: () => Promise<void>,
  openFile: (file: string, fresh?: boolean, keepMessage?: boolean) => Promise<void>,
) {
  const [creating, setCreating] = useState<Json>()
  const created = async (page: Created) => {
    const note = `Created ${page.file} (${page.address}). ${page.notes[1] ?? ''}`
    // The new file makes the development server reload this tab: say so and open the page after it.
    sessionStorage.setItem(KEPT, JSON.stringify({ ...kept(), open: undefined, message: note, pending: page.file }))
    setCreating(undefined)
    setMessage(note)
    await refreshPages()
    await openFile(page.file, true, true)
  }
  return { creating, setCreating, created }
}

/** The list of pages with their problems, read again when told, and the catalogue the forms are made from. */
function usePagesAndCatalogue() {
  const [catalogue, setCatalogue] = useState<Catalogue>()
  const [pages, setPages] = useState<PageEntry[]>([])
  const refreshPages = useCallback(() => api.pages().then(setPages), [])
  useEffect(() => {
    void refreshPages()
    void api.catalogue().then(setCatalogue)
  }, [refreshPages])
  return { catalogue, pages, refreshPages }
}

/** "Mark as up to date": npm run check -- --accept-translation <file>. */
function useTranslationAccepting(
  setMessage: (message: string) => void,
  refreshPages: () => Promise<void>,
  reopenUnlessEdited: (file: string) => Promise<void>,
) {
  return useCallback(
    async (file: string) => {
      try {
        const answer = await api.acceptTranslation(file)
        setMessage(answer.message)
        await refreshPages()
        // The file open has a new line (sourceHash): open it as it is now, unless it has edits.
        await reopenUnlessEdited(file)
      } catch (error) {
        setMessage(`Not marked as up to date: ${(error as Error).message}`)
      }
    },
    [setMessage, refreshPages, reopenUnlessEdited],
  )
}

/** The editor's work in this tab, kept across a reload of it (state.ts). */
function useKeptInTheTab(open: Open | undefined, drafts: Map<string, Open>, message: string | null) {
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
}

/** A click on a block in the preview selects its form. */
function useBlockSelectedInThePreview() {
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
}
