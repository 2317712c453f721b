// The preview: the unsaved page at phone and desktop width, resolved by the server from its content
// in memory (placeholders, city lists, related links) and rendered in the browser by the site's own
// router, layout and block components, in frames loaded once (preview-frame/), for every page
// opened after: each draft is drawn again in place (no reload, no flash, the scroll kept).
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react'
import type { FromEditor, ToEditor } from '../preview-frame/protocol'
import { PREVIEW_PATH } from '../server/protocol'
import { ApiError, api } from './api'
import type { Open, PreviewDraft } from './state'

// The pause in typing after which the problems are checked (across every page: slower than the
// preview, which is not held back by it).
const CHECK_DELAY_MS = 300

type Wanted = { id: number; file: string; version: string; data: Open['data'] }

/**
 * Every edit: the preview of the unsaved page at once, then the problems `npm run check` would
 * report after a pause. One draft is asked at a time: edits made while it is on its way are sent
 * together, as the latest, when it answers (no fixed pause before the preview); answers to
 * older drafts than the one shown, or to another page, are dropped.
 */
export function useDraft(
  open: Open | undefined,
  setOpen: Dispatch<SetStateAction<Open | undefined>>,
  /** A 409 for the draft of `file` at `version` (the open page may have another version by then). */
  onConflict: (file: string, version: string) => void,
  onFailure: (message: string) => void,
) {
  const sequence = useRef(0)
  const wanted = useRef<Wanted>(undefined)
  const busy = useRef(false)
  const failure = useRef({ onConflict, onFailure })
  failure.current = { onConflict, onFailure }
  const file = open?.file
  const version = open?.version
  const data = open?.data

  const failed = useCallback((id: number, asked: { file: string; version: string }, error: unknown) => {
    if (id !== sequence.current) return
    if (error instanceof ApiError && error.status === 409) failure.current.onConflict(asked.file, asked.version)
    else failure.current.onFailure(`Could not check the page: ${(error as Error).message}`)
  }, [])

  const pump = useCallback(async () => {
    if (busy.current) return
    let shown = 0
    while (wanted.current && wanted.current.id > shown) {
      const ask = wanted.current
      busy.current = true
      try {
        const draft = await api.draft(ask.file, ask.version, ask.data)
        shown = ask.id
        // A page that does not render keeps its last preview until it does again.
        const changes: Partial<Open> = draft.page
          ? { hunks: draft.hunks, preview: { page: draft.page, blocks: draft.blocks ?? [] } }
          : { hunks: draft.hunks }
        setOpen((current) =>
          current && current.file === ask.file && current.version === ask.version
            ? { ...current, ...changes }
            : current,
        )
      } catch (error) {
        shown = ask.id
        failed(ask.id, ask, error)
      } finally {
        busy.current = false
      }
    }
  }, [setOpen, failed])

  useEffect(() => {
    if (!file || !version || !data) return
    const id = ++sequence.current
    wanted.current = { id, file, version, data }
    void pump()
    const timer = setTimeout(async () => {
      try {
        const problems = await api.check(file, version, data)
        if (id === sequence.current)
          setOpen((current) => (current && current.file === file ? { ...current, problems } : current))
      } catch (error) {
        failed(id, { file, version }, error)
      }
    }, CHECK_DELAY_MS)
    return () => clearTimeout(timer)
  }, [file, version, data, setOpen, pump, failed])
}

/**
 * The unsaved page of `file`, rendered by the site's own components in the browser, at phone and
 * desktop width.
 */
export function Preview({ file, draft }: { file: string; draft: PreviewDraft | undefined }) {
  // Each frame loads its document once (preview-frame/main.tsx) and says when it is ready; every
  // draft is then posted to it, and it renders the page again in place (another page anew).
  const frames = useRef(new Map<string, HTMLIFrameElement>()).current
  const ready = useRef(new WeakSet<Window>()).current
  const sequence = useRef(0)
  const latest = useRef<FromEditor | undefined>(undefined)
  // The first draft of the page open, and the last draft each frame has drawn: a frame is shown
  // once it has drawn this page (until then it may still show the page opened before).
  const first = useRef<{ file: string; id: number } | undefined>(undefined)
  const [drawn, setDrawn] = useState<Record<string, number>>({})
  if (draft && draft.page !== latest.current?.page) {
    latest.current = { editorPreview: 'page', id: ++sequence.current, page: draft.page, blocks: draft.blocks }
    if (first.current?.file !== file) first.current = { file, id: latest.current.id }
  }
  const firstOfPage = first.current?.file === file ? first.current.id : undefined
  const post = useCallback(
    (view: Window | null | undefined) => {
      if (view && ready.has(view) && latest.current) view.postMessage(latest.current, location.origin)
    },
    [ready],
  )
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const [name, frame] = [...frames].find(([, f]) => f.contentWindow === event.source) ?? []
      const view = frame?.contentWindow
      if (!name || !view || event.origin !== location.origin) return
      const message = event.data as ToEditor | null
      if (message && 'editorPreview' in message && message.editorPreview === 'ready') {
        ready.add(view)
        post(view)
      }
      if (message && 'editorPreview' in message && message.editorPreview === 'drawn')
        setDrawn((last) => (last[name] === message.id ? last : { ...last, [name]: message.id }))
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [frames, ready, post])
  const id = latest.current?.id
  useEffect(() => {
    if (id !== undefined) for (const frame of frames.values()) post(frame.contentWindow)
  }, [id, frames, post])
  const frame = (title: string, className: string) => (
    <iframe
      title={title}
      src={PREVIEW_PATH}
      className={className}
      data-waiting={firstOfPage !== undefined && (drawn[className] ?? 0) >= firstOfPage ? undefined : ''}
      ref={(element) => {
        if (element) frames.set(className, element)
        else frames.delete(className)
      }}
    />
  )
  return (
    <section aria-labelledby="preview-heading" className="editor__preview">
      <h3 id="preview-heading">Preview (not saved yet)</h3>
      {firstOfPage === undefined && <p>The preview appears once the page has no errors.</p>}
      {/* Loaded with the first page that has a preview, and kept (hidden) for the pages after. */}
      {latest.current && (
        <div className="editor__frames" hidden={firstOfPage === undefined}>
          {frame('Preview at phone width, 375 pixels', 'editor__phone')}
          <div className="editor__desktop-box">{frame('Preview at desktop width, 1280 pixels', 'editor__desktop')}</div>
        </div>
      )}
    </section>
  )
}
