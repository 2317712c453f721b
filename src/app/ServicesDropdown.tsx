import { useRouter } from '@tanstack/react-router'
import { ChevronDown } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { SmartLink } from '../blocks/_shared/SmartLink'

type Item = { label: string; href: string }

// The WAI-ARIA "disclosure navigation" pattern (a button that shows a list of links), the
// recommended pattern for site navigation: Enter/Space toggle, arrow keys move between the
// links, Escape closes and returns focus, leaving the list closes it; hover opens it too.
export function ServicesDropdown({ label, items }: { label: string; items: Item[] }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const router = useRouter()

  useEffect(() => router.subscribe('onBeforeNavigate', () => setOpen(false)), [router])

  const links = () => [...(listRef.current?.querySelectorAll('a') ?? [])]
  const focusLink = (index: number) => {
    const all = links()
    all[(index + all.length) % all.length]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const current = links().indexOf(document.activeElement as HTMLAnchorElement)
    if (event.key === 'Escape' && open) {
      setOpen(false)
      buttonRef.current?.focus()
    } else if (event.key === 'ArrowDown') {
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
      className="dropdown"
      onKeyDown={onKeyDown}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav__link nav__dropdown"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {label} <ChevronDown aria-hidden="true" size={16} />
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
