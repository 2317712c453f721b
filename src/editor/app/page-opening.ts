// Opening a page in the editor: the draft of a page with unsaved edits is opened as it was left;
// a page without any is read from the server again (its translations may be new). An answer that
// comes after another page was asked for is dropped.
import { type Dispatch, type SetStateAction, useCallback, useRef } from 'react'
import { api } from './api'
import { isDirty, type Open } from './state'

type Opening = {
  open: Open | undefined
  setOpen: Dispatch<SetStateAction<Open | undefined>>
  /** The drafts of the pages not open, by file: only those with edits are kept. */
  drafts: Map<string, Open>
  /** Called as another page (or the same, fresh) is opened: the last one's save state is forgotten. */
  onOpening: () => void
  setMessage: (message: string | null) => void
}

export function usePageOpening({ open, setOpen, drafts, onOpening, setMessage }: Opening) {
  // The file being read from the server, if any.
  const reading = useRef<string | undefined>(undefined)

  /** Opens `file`: `fresh` reads it again even with edits, `keepMessage` keeps the last message shown. */
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
    onOpening()
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

  // Callbacks that stay the same from render to render: the list of a thousand pages is not drawn
  // again at every keystroke in a form.
  const opener = useRef(openFile)
  opener.current = openFile
  const openNow = useRef(open)
  openNow.current = open
  const openLatest = useCallback(
    (file: string, fresh?: boolean, keepMessage?: boolean) => opener.current(file, fresh, keepMessage),
    [],
  )
  /** Reads the page open (or only `file`, if it is the one open) again, unless it has edits. */
  const reopenUnlessEdited = useCallback(async (file?: string) => {
    const current = openNow.current
    if (current && (file === undefined || current.file === file) && !isDirty(current))
      await opener.current(current.file, true, true)
  }, [])
  return { openFile: openLatest, reopenUnlessEdited }
}
