// The preview: the unsaved page, rendered by the site's own components on the server from its
// content in memory, at phone and desktop width. Each draft's #root is put in place of the last in
// frames loaded once (no reload, no flash, the scroll kept).
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef } from 'react'
import { ApiError, api } from './api'
import type { Open } from './state'

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
  onConflict: () => void,
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

  const failed = useCallback((id: number, error: unknown) => {
    if (id !== sequence.current) return
    if (error instanceof ApiError && error.status === 409) failure.current.onConflict()
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
        const changes: Partial<Open> = draft.html ? { hunks: draft.hunks, html: draft.html } : { hunks: draft.hunks }
        setOpen((current) =>
          current && current.file === ask.file && current.version === ask.version
            ? { ...current, ...changes }
            : current,
        )
      } catch (error) {
        shown = ask.id
        failed(ask.id, error)
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
        failed(id, error)
      }
    }, CHECK_DELAY_MS)
    return () => clearTimeout(timer)
  }, [file, version, data, setOpen, pump, failed])
}

/** The unsaved page, rendered by the site's own components, at phone and desktop width. */
export function Preview({ html }: { html: string | undefined }) {
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
