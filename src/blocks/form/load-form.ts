import { importers as siteForms } from 'virtual:form-code'
import type { FormKind } from '@site/forms/kinds'
import type { ComponentType } from 'react'
import type { FormProps } from '../../forms/JsonSchemaForm'
import { savedAnswersKey } from '../../forms/saved-answers'
import { eachWhenIdle, onInteractionWith, onView, whenIdle } from '../hydration'

export type FormComponent = ComponentType<FormProps>

// Each form is its own chunk (its fields, its precompiled validator; supabase-js and the toasts
// load on submit). On the server it is loaded before the page renders, so the form is in the
// prerendered HTML. In the browser it is not in the page's critical path: the prerendered form
// works as plain HTML until the visitor turns to it. Its code is fetched when the browser is
// idle, and runs (rjsf is evaluated, the form hydrated) only at the first interaction with the
// form or when the form nears the view: run on idle, its hydration was the page's longest tasks
// (TBT on /careers 263 ms vs 26 for the page without scripts in the bench, 40 vs 18 since).
// One dynamic import per form of the site (src/vite/site-forms.ts writes them from its registry).
const importers: Readonly<Record<FormKind, () => Promise<{ default: FormComponent }>>> = siteForms
const loaded: Partial<Record<FormKind, FormComponent>> = {}
const loading: Partial<Record<FormKind, Promise<FormComponent>>> = {}

// On the server the page waits for its forms' code; so does the page editor's preview, which
// renders the whole page at once as the server does (src/editor/preview-frame/main.tsx).
let atOnce = import.meta.env.SSR

/** The page editor's preview: a form renders with the page, never its "loading" stand-in. */
export const renderFormsWithThePage = () => {
  atOnce = true
}

/** Called by the route loader: waits for the form's code on the server (and in the editor's preview) only. */
export async function loadForm(kind: FormKind): Promise<void> {
  if (atOnce) loaded[kind] ??= (await importers[kind]()).default
}

/**
 * The form's code for React's `use()`: one promise per form, already marked fulfilled when the
 * code is loaded (on the server), else fetched once the visitor needs it (see whenNeeded).
 */
export function formCode(kind: FormKind, container: () => HTMLElement | null): Promise<FormComponent> {
  const ready = loaded[kind]
  if (ready) {
    loading[kind] ??= Object.assign(Promise.resolve(ready), { status: 'fulfilled', value: ready })
    return loading[kind]
  }
  const element = container()
  loading[kind] ??= whenNeeded(element, kind).then(async () => {
    try {
      loaded[kind] = (await importers[kind]()).default
      return loaded[kind]
    } catch (error) {
      // Without its code the form stays the prerendered plain HTML form, which works as it is
      // (this promise never settles, so React keeps that HTML): send what was held back that way.
      console.error(`The ${kind} form's code did not load`, error)
      failed = true
      const form = element?.querySelector('form')
      if (form?.dataset.submitPending) {
        delete form.dataset.submitPending
        form.requestSubmit()
      }
      return new Promise<never>(() => {})
    }
  })
  return loading[kind]
}

let failed = false
let pageHydrated: () => void = () => {}
const hydrated = new Promise<void>((resolve) => {
  pageHydrated = resolve
})

/** Called by the form block once the page around the form has hydrated (its effects run). */
export const pageIsHydrated = () => pageHydrated()

/**
 * Resolves on the first interaction with the prerendered form or when it nears the view; at once
 * when there is no prerendered form (a client-side navigation renders the form fresh).
 * Meanwhile, once the rest of the page has hydrated and the browser is idle, the form's code is
 * fetched, not run; or, in a tab that kept answers to this form (a reload in the middle of the
 * application), the form hydrates then, to give them back. A submission before the form has
 * hydrated is held back (marked `data-submit-pending`) and sent by the form once hydrated, with
 * its own checks and messages.
 */
function whenNeeded(container: HTMLElement | null, kind: FormKind): Promise<void> {
  if (!container?.querySelector('form')) return Promise.resolve()
  return new Promise((resolve) => {
    const onEarlySubmit = (event: Event) => {
      const target = event.target
      const form = target instanceof HTMLFormElement ? target : (target as { form?: unknown } | null)?.form
      if (!(form instanceof HTMLFormElement) || !container.contains(form)) return
      // Once hydrated the form handles its submissions; if its code failed, the browser does.
      if (form.dataset.enhanced || failed) return
      // "invalid": the browser's own check of a field, fired before (instead of) the submit event.
      event.preventDefault()
      form.dataset.submitPending = 'true'
      done()
    }
    // A pointer moving over the form too: its code runs while the visitor reaches for a field. And
    // a click: one made before the page hydrated is replayed then (blocks/hydration.ts), as a click.
    const stop = onInteractionWith(container, () => done(), [
      'pointerover',
      'pointerdown',
      'click',
      'keydown',
      'focusin',
      'touchstart',
    ])
    // Or when it comes within a screen's height of the view: a stepped form is laid out in steps
    // before the visitor sees it. Not a form in a slot (a landing page's quote form, in its first
    // screen): in view from the start, its code would run with the page's, for a visitor who may
    // never reach for it.
    const stopWatching = container.closest('[data-slot]') ? () => {} : onView(container, () => done(), '100% 0px')
    const done = () => {
      stop()
      stopWatching()
      resolve()
    }
    // The visitor may be in the form already, since before these listeners.
    if (container.contains(document.activeElement)) done()
    window.addEventListener('submit', onEarlySubmit, true)
    window.addEventListener('invalid', onEarlySubmit, true)
    // Idle after the rest of the page has hydrated, so the fetch never competes with it.
    void hydrated.then(() => (hasSavedAnswers(kind) ? whenIdle(done) : fetchLaterCode()))
  })
}

function hasSavedAnswers(kind: FormKind) {
  try {
    return !!sessionStorage.getItem(savedAnswersKey(kind))
  } catch {
    // Storage refused (private modes): nothing was kept.
    return false
  }
}

/**
 * Fetches (and lets the browser compile) the code the page's blocks run later, as the
 * prerenderer lists it on the app's script, without running it: a module preload (the browser
 * fetches each module once, however often it is asked for).
 */
function fetchLaterCode() {
  const later = () =>
    document.querySelector<HTMLElement>('[data-later]')?.dataset.later?.split(' ').filter(Boolean) ?? []
  // One file per idle moment: asking for them all at once was one task of up to 9 ms.
  eachWhenIdle(later, (href) =>
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href })),
  )
}
