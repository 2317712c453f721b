import { type RefObject, useEffect } from 'react'

/**
 * While a menu is open, Escape closes it wherever focus is and returns focus to its toggle:
 * Safari and Firefox on macOS do not focus a button when it is clicked, so after a click focus
 * is usually on the page, not in the menu.
 */
export function useEscapeCloses(open: boolean, close: () => void, toggle: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      close()
      toggle.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, close, toggle])
}
