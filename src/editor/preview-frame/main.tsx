// The page editor's preview frame (/_editor/preview/, served by src/editor/server/documents.ts, loaded
// once per frame, kept while the editor opens one page after another): the draft page rendered in the
// browser by the site itself, its router, layout and block components (lazy-loaded as on the
// site), as src/app/start-app.tsx renders a page after a client-side navigation. The server
// resolves the draft from its content in memory (placeholders, city lists, related links) and the
// editor posts the page data here; each new draft of the page on screen is primed into the page
// source and the router loads it again, as `npm run dev` does when a YAML file is saved: React
// updates the frame's root in place (no reload, no flash, the scroll kept). Another page gets a
// root and a router of its own, drawn from the top as a frame just loaded would draw it, without
// loading the frame's document and the site's modules again.
import { createMemoryHistory } from '@tanstack/react-router'
import { type ReactNode, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '../../app/App'
import { createPageSource } from '../../app/page-source'
import { createSiteRouter, type SiteRouter } from '../../app/router'
import { renderFormsWithThePage } from '../../blocks/form/load-form'
import type { PageData } from '../../blocks/types'
import '../../styles/index.css'
import { type FromEditor, markBlocks, type ToEditor } from './protocol'

renderFormsWithThePage()
// Other addresses (a link's target, preloaded when hovered) come from the development server.
const pages = createPageSource()
let router: SiteRouter | undefined
let unmount: (() => void) | undefined
let latest: FromEditor | undefined
let drawing = false

const tell = (message: ToEditor) => parent.postMessage(message, location.origin)

declare global {
  interface Window {
    /**
     * The page on screen as React first rendered it into this frame, before any effect ran (a
     * form is then enhanced, a carousel turns): #root's HTML and the tags React put in <head>. A browser test
     * compares it with the server's render of the same page (tests/e2e/the-preview-renders-what-the-server-renders.test.ts).
     */
    firstRender?: { root: string; head: string }
  }
}

/**
 * `root`'s HTML with its controls' state written as attributes: React's client sets which option
 * is selected and which box is checked as properties, which HTML does not show; its server writes
 * them as attributes (`selected`, `checked`).
 */
function withState(root: Element): string {
  const copy = root.cloneNode(true) as Element
  const live = root.querySelectorAll<HTMLOptionElement | HTMLInputElement>('option, input')
  copy.querySelectorAll('option, input').forEach((element, i) => {
    const control = live[i]
    if (control instanceof HTMLOptionElement) element.toggleAttribute('selected', control.selected)
    else element.toggleAttribute('checked', control.checked)
  })
  return copy.innerHTML
}

/** The page's own tags in <head> (the frame document's are marked `data-frame`). */
const pageHead = () =>
  [...document.head.querySelectorAll(':is(title, meta, link):not([data-frame])')].map((e) => e.outerHTML).join('')

/** Resolves once React has committed its first render of the root. */
function Committed({ children, onCommit }: { children: ReactNode; onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit])
  return children
}

/** The page in a root and a router of its own, from the top, as a frame just loaded draws it. */
async function drawAnew(page: PageData) {
  // The page before goes with its root: React takes the tags it put in <head> away with it.
  unmount?.()
  scrollTo(0, 0)
  const shown = createSiteRouter({
    pages,
    history: createMemoryHistory({ initialEntries: [page.path] }),
    keepScroll: true,
  })
  router = shown
  await shown.load()
  const element = document.getElementById('root')!
  const root = createRoot(element)
  unmount = () => root.unmount()
  await new Promise<void>((resolve) =>
    root.render(
      <Committed
        onCommit={() => {
          window.firstRender = { root: withState(element), head: pageHead() }
          resolve()
        }}
      >
        <App router={shown} />
      </Committed>,
    ),
  )
}

async function draw(page: PageData) {
  pages.prime(page.path, page)
  if (router?.state.location.pathname !== page.path) await drawAnew(page)
  // Resolves once the new page data is rendered (the router's update is a React transition,
  // which keeps what is on screen until the new render is complete).
  else await router.invalidate()
}

/** Draws the latest draft; drafts that arrive while one is drawn are skipped for the newest. */
async function drawLatest() {
  if (drawing) return
  drawing = true
  try {
    for (let shown: FromEditor | undefined; latest && latest !== shown; ) {
      shown = latest
      await draw(shown.page)
      markBlocks(document.querySelector('main'), shown.blocks)
      // Which page is on screen (tests wait for it).
      document.documentElement.dataset.drawn = shown.page.path
      tell({ editorPreview: 'drawn', id: shown.id })
    }
  } finally {
    drawing = false
  }
}

addEventListener('message', (event: MessageEvent) => {
  const message = event.data as FromEditor | null
  if (event.source !== parent || event.origin !== location.origin || message?.editorPreview !== 'page') return
  latest = message
  void drawLatest()
})

// A click selects the block's form in the editor instead of following links or sending forms.
document.addEventListener(
  'click',
  (event) => {
    const target = event.target instanceof Element ? event.target : null
    if (target?.closest('a, button, form')) event.preventDefault()
    const element = target?.closest<HTMLElement>('[data-editor-block]')
    if (element) tell({ editorBlock: Number(element.dataset.editorBlock) })
  },
  true,
)
document.addEventListener('submit', (event) => event.preventDefault(), true)

tell({ editorPreview: 'ready' })
