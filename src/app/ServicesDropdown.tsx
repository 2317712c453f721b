import { useRouter } from '@tanstack/react-router'
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { SmartLink } from '../ui/SmartLink'
import { LayoutIcon } from './LayoutIcon'
import { useEscapeCloses } from './use-escape-closes'

type Item = { label: string; href: string }

// The WAI-ARIA "disclosure navigation" pattern (a button that shows a list of links), the
// recommended pattern for site navigation: Enter/Space toggle, arrow keys move between the
// links, Escape closes and returns focus (wherever focus was), leaving the list closes it.
//
// A mouse pointer opens it too, and then the click most people make next must not shut the
// menu they are looking at: a click on a menu that hover opened keeps it open. The pointer
// leaving closes it after a grace delay, so a diagonal move to the list or a brief slip off
// its edge does not. Touch has no hover: a tap toggles it, a tap elsewhere closes it.
const LEAVE_GRACE_MS = 300

export function ServicesDropdown({ label, items }: { label: string; items: Item[] }) {
  // 'hover': opened by the mouse pointer; 'pinned': opened (or kept open) by a click or a key.
  const [openedBy, setOpenedBy] = useState<'hover' | 'pinned' | null>(null)
  const open = openedBy !== null
  const setOpen = (next: boolean) => setOpenedBy(next ? 'pinned' : null)
  const leaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const rootRef = useRef<HTMLLIElement>(null)
  const listId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const router = useRouter()

  useEffect(() => router.subscribe('onBeforeNavigate', () => setOpenedBy(null)), [router])
  useEffect(() => () => clearTimeout(leaveTimer.current), [])

  // A tap or click outside closes it (a tap on a non-focusable area moves no focus on iOS).
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenedBy(null)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  useEscapeCloses(
    open,
    useCallback(() => setOpenedBy(null), []),
    buttonRef,
  )

  // Native pointerenter/pointerleave: React emulates them from pointerover/pointerout and skips
  // the enter when the pointer comes from a part of the page that is not hydrated yet.
  useEffect(() => {
    const root = rootRef.current
    if (!root) return
    const onPointerEnter = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return
      clearTimeout(leaveTimer.current)
      setOpenedBy((by) => by ?? 'hover')
    }
    const onPointerLeave = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return
      clearTimeout(leaveTimer.current)
      leaveTimer.current = setTimeout(() => setOpenedBy(null), LEAVE_GRACE_MS)
    }
    root.addEventListener('pointerenter', onPointerEnter)
    root.addEventListener('pointerleave', onPointerLeave)
    // The header hydrates at the pointer's first move over it (blocks/hydration.ts): a pointer
    // already on the menu by then entered it before anything listened. (Not asked of the
    // `hover` media feature, which headless Firefox says is none. A tap that left :hover here
    // was on the button itself, and its click, which comes with it, pins the menu open anyway.)
    if (root.matches(':hover')) setOpenedBy((by) => by ?? 'hover')
    return () => {
      root.removeEventListener('pointerenter', onPointerEnter)
      root.removeEventListener('pointerleave', onPointerLeave)
    }
  }, [])
  const onClick = () => setOpenedBy((by) => (by === 'hover' ? 'pinned' : by ? null : 'pinned'))

  const links = () => [...(listRef.current?.querySelectorAll('a') ?? [])]
  const focusLink = (index: number) => {
    const all = links()
    all[(index + all.length) % all.length]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const current = links().indexOf(document.activeElement as HTMLAnchorElement)
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      // Render the list at once so the first link can take focus in this same key press.
      if (!open) flushSync(() => setOpen(true))
      focusLink(current + 1)
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault()
      focusLink(current < 0 ? -1 : current - 1)
    } else if ((event.key === 'Home' || event.key === 'End') && open && current >= 0) {
      event.preventDefault()
      focusLink(event.key === 'Home' ? 0 : -1)
    }
  }

  return (
    <li
      ref={rootRef}
      className="dropdown"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpenedBy(null)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav__link nav__dropdown"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onClick}
      >
        {label} <LayoutIcon name="chevron-down" size={16} />
      </button>
      <ul id={listId} ref={listRef} className="dropdown__list" hidden={!open}>
        {items.map((item) => (
          <li key={item.href}>
            <SmartLink href={item.href} className="dropdown__link">
              {item.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </li>
  )
}
