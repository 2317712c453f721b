// The quote buttons ("Get Quote", "Request Protection Now", a hero's quote action) lead to the
// contact page's form, at its first field (`/contact-us#contact-name`): where they go without
// JavaScript, and from a page without a form in its first screen. On a page that has one (a form
// block in a slot, e.g. the quote form in the hero's aside), they open that form where the
// visitor is, over the page, as a modal dialog: focus moves to its first field, Tab stays inside
// it, Escape, its close button or a click beside it closes it, and focus goes back to the button.
// The form's section is moved into the dialog and back, whole: React keeps rendering it by
// reference, and what was typed stays; the dialog is in the app's root element, where React listens
// for the form's events. It opens once that form block has hydrated (moved before,
// its server HTML would no longer be where hydration looks for it).

import { FORM_KINDS } from '@site/forms/kinds'
import { isDehydrated } from '../blocks/hydration'
import { linkOfPlainClick } from './plain-click'

/** A link to a form's field on another page: `#<kind>-<field>`. */
const FORM_FIELD = new RegExp(`^#(${FORM_KINDS.join('|')})-[a-z]`)

/** The form of the page's first screen: a form block in a slot. */
const slotForm = () => document.querySelector<HTMLElement>('main [data-slot] > .form-block')

export function openFormsInPlace() {
  window.addEventListener(
    'click',
    (event) => {
      const link = linkOfPlainClick(event)
      if (!link || (link.target && link.target !== '_self')) return
      const url = new URL(link.href)
      if (url.origin !== window.location.origin || !FORM_FIELD.test(url.hash)) return
      if (url.pathname === window.location.pathname) return
      const block = slotForm()
      if (!block || block.closest('dialog')) return
      event.preventDefault()
      whenHydrated(block, () => openDialog(block, link))
    },
    true,
  )
}

/** Runs `open` once `block` has hydrated (at once when it has), a frame at a time. */
function whenHydrated(block: HTMLElement, open: () => void) {
  if (!isDehydrated(block)) return open()
  requestAnimationFrame(() => whenHydrated(block, open))
}

const FOCUSABLE =
  'a[href], button:not([disabled]):not([hidden]), input:not([type="hidden"]):not([tabindex="-1"]), select, textarea'

function openDialog(block: HTMLElement, opener: HTMLElement) {
  const home = block.parentElement
  if (!home) return
  // Keeps the page's layout behind the dialog as it was.
  const placeholder = document.createElement('div')
  placeholder.style.height = `${block.offsetHeight}px`
  home.insertBefore(placeholder, block)
  const dialog = document.createElement('dialog')
  dialog.className = 'form-dialog'
  const labelledBy = block.getAttribute('aria-labelledby')
  if (labelledBy) dialog.setAttribute('aria-labelledby', labelledBy)
  dialog.append(block)
  // Inside the app's root: React hears the form's events where it listens, on its container.
  ;(document.getElementById('root') ?? document.body).append(dialog)
  const close = block.querySelector<HTMLButtonElement>('[data-close-dialog]')
  if (close) {
    close.hidden = false
    close.onclick = () => dialog.close()
  }
  dialog.addEventListener('keydown', (event) => trapTab(dialog, event))
  // A click on the backdrop (the dialog element itself, outside its content) closes it.
  dialog.addEventListener('click', (event) => event.target === dialog && dialog.close())
  dialog.addEventListener('close', () => {
    if (close) close.hidden = true
    home.insertBefore(block, placeholder)
    placeholder.remove()
    dialog.remove()
    opener.focus()
  })
  dialog.showModal()
  block.querySelector<HTMLElement>('input:not([type="hidden"]):not([tabindex="-1"]), select, textarea')?.focus()
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function trapTab(dialog: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.offsetParent !== null)
  const first = controls[0]
  const last = controls.at(-1)
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}
