import { useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { fillText } from '../content/texts'
import { SmartLink } from '../ui/SmartLink'
import { LanguageSwitcher } from './LanguageSwitcher'
import { LayoutIcon } from './LayoutIcon'
import { ServicesDropdown } from './ServicesDropdown'
import { useSite } from './site-in-locale'
import { useEscapeCloses } from './use-escape-closes'

export function Header() {
  const { nav, company, services, texts, locale } = useSite()
  const allServices = fillText(texts.header.allServices, { label: nav.services.label })
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const router = useRouter()

  // Following any link closes the mobile menu.
  useEffect(() => router.subscribe('onBeforeNavigate', () => setOpen(false)), [router])

  useEscapeCloses(
    open,
    useCallback(() => setOpen(false), []),
    toggleRef,
  )

  const position = nav.services.position ?? 2
  const before = nav.links.slice(0, position)
  const after = nav.links.slice(position)
  const linkItem = (l: { label: string; href: string }) => (
    <li key={l.href}>
      <SmartLink href={l.href} className="nav__link">
        {l.label}
      </SmartLink>
    </li>
  )

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <SmartLink
          href={locale.home}
          className="logo"
          aria-label={fillText(texts.header.logoLabel, { name: company.name })}
        >
          <LayoutIcon name="shield" size={32} />
          {/* Phones show the short name (or the logo alone): the full one would wrap. */}
          <span className="logo__name">{company.name}</span>
          {company.shortName && <span className="logo__short-name">{company.shortName}</span>}
        </SmartLink>
        <nav aria-label={texts.header.mainNav} className="nav nav--desktop">
          <ul className="nav__list">
            {before.map(linkItem)}
            <ServicesDropdown
              label={nav.services.label}
              items={[
                ...services.map((x) => ({ label: x.title, href: x.href })),
                { label: allServices, href: nav.services.href },
              ]}
            />
            {after.map(linkItem)}
          </ul>
        </nav>
        <LanguageSwitcher />
        <SmartLink href={nav.cta.href} className="button button--primary site-header__cta">
          {nav.cta.label}
        </SmartLink>
        <button
          ref={toggleRef}
          type="button"
          className="nav__toggle"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? texts.header.closeMenu : texts.header.openMenu}
        >
          <LayoutIcon name={open ? 'x' : 'menu'} size={28} />
        </button>
      </div>
      <nav id={menuId} aria-label={texts.header.mobileNav} className="nav nav--mobile" hidden={!open}>
        <ul className="container">
          {before.map(linkItem)}
          <li>
            <span className="nav__group">{nav.services.label}</span>
            <ul>
              {services.map((s) => linkItem({ label: s.title, href: s.href }))}
              {linkItem({ label: allServices, href: nav.services.href })}
            </ul>
          </li>
          {after.map(linkItem)}
          <li>
            <SmartLink href={nav.cta.href} className="button button--primary nav__cta">
              {nav.cta.label}
            </SmartLink>
          </li>
        </ul>
      </nav>
    </header>
  )
}
