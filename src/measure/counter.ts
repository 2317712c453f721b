// The counting code: loaded once the app has started and the browser is idle (src/app/start-app.tsx),
// never before, and not at all with Global Privacy Control or Do Not Track. It counts page views,
// taps on tel: and mailto: links, forms started, the application's steps reached and forms sent,
// and the field speed (./vitals.ts), and sends them in small batches with navigator.sendBeacon when
// the page is hidden: nothing waits for it, no navigation and no call. It writes nothing on the
// device (no cookie, no storage) and sends no identifier: what a batch carries is in
// common/measure/batch.ts.

import { FORM_KINDS, type FormKind } from '@site/forms/kinds'
import type { Device, MeasureBatch, MeasureEvent } from '../../common/measure/batch'
import { MAX_EVENTS } from '../../common/measure/limits'
import { MEASURE_EVENT } from './announce'
import { documentStartedVisit, trackingRefused, visitAttribution } from './visit'

export interface Counter {
  /** Counts an event on the page shown now. */
  add(event: Omit<MeasureEvent, 'page'> & { page?: string }): void
  /** Sends what is waiting (the page is being hidden). */
  flush(): void
}

/** The device class from the viewport's width (the site's own breakpoints). */
export function deviceClass(): Device {
  const width = window.innerWidth
  return width < 768 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop'
}

/**
 * Starts counting. `currentPage` is the site page shown now, or undefined (a not-found page, whose
 * events are not counted); `onPageChange` calls back after each navigation to another page.
 */
export function startCounting(
  endpoint: string,
  currentPage: () => string | undefined,
  onPageChange: (listener: () => void) => void,
): Counter | undefined {
  if (trackingRefused() || typeof navigator.sendBeacon !== 'function') return undefined
  const queue: MeasureEvent[] = []
  const started = new WeakSet<HTMLFormElement>()
  const flush = () => {
    while (queue.length > 0) {
      const batch: MeasureBatch = {
        device: deviceClass(),
        visit: visitAttribution(),
        events: queue.splice(0, MAX_EVENTS),
      }
      // A string goes as text/plain: no preflight, and nothing to wait for.
      navigator.sendBeacon(endpoint, JSON.stringify(batch))
    }
  }
  const counter: Counter = {
    add(event) {
      const page = event.page ?? currentPage()
      if (page === undefined) return
      queue.push({ ...event, page })
      // A report made as the page is hidden (the field speed's last values) goes at once.
      if (queue.length >= MAX_EVENTS) flush()
      else if (document.visibilityState === 'hidden') queueMicrotask(flush)
    },
    flush,
  }

  let entry = documentStartedVisit()
  // A visitor who moved on before this code loaded entered on the document's first page.
  const landing = visitAttribution()?.landingPage
  if (entry && landing !== undefined && landing !== currentPage()) {
    counter.add({ kind: 'view', page: landing, entry: true })
    entry = false
  }
  const view = () => {
    counter.add({ kind: 'view', ...(entry ? { entry: true } : {}) })
    entry = false
  }
  view()
  onPageChange(view)

  // Capture, passive: seen before anything can stop it, and the tap goes on at once.
  const options = { capture: true, passive: true }
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]')
      const href = link?.getAttribute('href')?.trim().toLowerCase()
      if (href?.startsWith('tel:')) counter.add({ kind: 'call' })
      else if (href?.startsWith('mailto:')) counter.add({ kind: 'email' })
    },
    options,
  )
  document.addEventListener(
    'input',
    (event) => {
      // A form's fields are named after it: contact-name, application-firstName.
      const field = event.target as HTMLInputElement | null
      const form = field?.form
      const kind = field?.id?.split('-')[0] as FormKind
      if (!form || !FORM_KINDS.includes(kind) || started.has(form)) return
      started.add(form)
      counter.add({ kind: 'start', form: kind })
    },
    options,
  )
  // What the forms announce (src/forms/form-hooks.tsx): a step reached, a form sent and stored.
  document.addEventListener(MEASURE_EVENT, (event) => counter.add((event as CustomEvent<MeasureEvent>).detail))
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush()
  })
  window.addEventListener('pagehide', flush)
  return counter
}
