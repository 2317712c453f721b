import type { ComponentType } from 'react'
import type { FormKind } from '../../../forms/kinds'
import type { FormProps } from '../../forms/JsonSchemaForm'

export type FormComponent = ComponentType<FormProps>

// Each form is its own chunk (its fields, its precompiled validator; supabase-js and the toasts
// load on submit). On the server it is loaded before the page renders, so the form is in the
// prerendered HTML. In the browser it is not in the page's critical path: the prerendered form
// works as plain HTML until its code arrives, on the first interaction with it or when the
// browser is idle.
const importers: Record<FormKind, () => Promise<{ default: FormComponent }>> = {
  contact: () => import('../../forms/contact-form'),
  application: () => import('../../forms/application-form'),
}
const loaded: Partial<Record<FormKind, FormComponent>> = {}
const loading: Partial<Record<FormKind, Promise<FormComponent>>> = {}

/** Called by the route loader: waits for the form's code on the server only. */
export async function loadForm(kind: FormKind): Promise<void> {
  if (import.meta.env.SSR) loaded[kind] ??= (await importers[kind]()).default
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
  loading[kind] ??= whenNeeded(element).then(async () => {
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
const INTERACTIONS = ['focusin', 'pointerdown', 'pointerover', 'keydown', 'touchstart'] as const

/**
 * Resolves on the first interaction with the prerendered form, or when the browser is idle
 * after the rest of the page has hydrated; at once when there is no prerendered form (a client-side
 * navigation renders the form fresh). A submission before the form has hydrated is held back
 * (marked `data-submit-pending`) and sent by the form once hydrated, with its own checks and messages.
 */
function whenNeeded(container: HTMLElement | null): Promise<void> {
  if (!container?.querySelector('form')) return Promise.resolve()
  return new Promise((resolve) => {
    // On the window, in the capture phase: React stops events aimed at a part of the page it has
    // not hydrated yet before they reach the form itself.
    const onInteraction = (event: Event) => {
      if (event.target instanceof Node && container.contains(event.target)) done()
    }
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
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true)
      resolve()
    }
    for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true })
    window.addEventListener('submit', onEarlySubmit, true)
    window.addEventListener('invalid', onEarlySubmit, true)
    // Idle after the rest of the page has hydrated, so the two never share one long task.
    void hydrated.then(() =>
      'requestIdleCallback' in window ? requestIdleCallback(done, { timeout: 4000 }) : setTimeout(done, 2000),
    )
  })
}
