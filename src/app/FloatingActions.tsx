import { useEffect, useRef } from 'react'
import { fillText } from '../content/texts'
import { SmartLink } from '../ui/SmartLink'
import { LayoutIcon } from './LayoutIcon'
import { useSite } from './site-in-locale'

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

export function FloatingActions() {
  const ref = useRef<HTMLDivElement>(null)
  const site = useSite()
  const texts = site.texts.floatingActions

  // Focus must never be hidden behind these buttons (WCAG 2.4.11): while the focused element
  // is underneath them, they step aside. Scroll padding (site.css) makes that rare. The class is
  // set on the element directly, not through a React render, so it changes in the same frame
  // as the focus or the scroll that caused it.
  useEffect(() => {
    const update = () => {
      const actions = ref.current
      const focused = document.activeElement
      if (!actions) return
      const covered =
        focused instanceof HTMLElement &&
        focused !== document.body &&
        !actions.contains(focused) &&
        overlaps(actions.getBoundingClientRect(), focused.getBoundingClientRect())
      actions.classList.toggle('floating-actions--stepped-aside', covered)
    }
    document.addEventListener('focusin', update)
    document.addEventListener('focusout', update)
    window.addEventListener('scroll', update, { passive: true })
    return () => {
      document.removeEventListener('focusin', update)
      document.removeEventListener('focusout', update)
      window.removeEventListener('scroll', update)
    }
  }, [])

  return (
    <div ref={ref} className="floating-actions">
      <a
        href={`tel:${site.company.phone.tel}`}
        className="floating-actions__button floating-actions__button--emergency"
      >
        <LayoutIcon name="phone" size={18} /> {texts.emergency}
        <span className="visually-hidden">: {fillText(texts.call, { phone: site.company.phone.display })}</span>
      </a>
      <SmartLink href={site.nav.cta.href} className="floating-actions__button floating-actions__button--quote">
        <LayoutIcon name="file-text" size={18} /> {texts.quote}
      </SmartLink>
    </div>
  )
}
