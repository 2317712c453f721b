import { Burger, Menu } from '@mantine/core'
import { useRouter } from '@tanstack/react-router'
import { ChevronDown, Shield } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { site } from 'virtual:site'
import { SmartLink } from '../blocks/_shared/SmartLink'

export function Header() {
  const { nav, company, services } = site
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const router = useRouter()

  // Following any link closes the mobile menu.
  useEffect(() => router.subscribe('onBeforeNavigate', () => setOpen(false)), [router])

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
        <SmartLink href="/" className="logo" aria-label={`${company.name}, home`}>
          <Shield aria-hidden="true" size={30} />
          <span>{company.name}</span>
        </SmartLink>
        <nav aria-label="Main" className="nav nav--desktop">
          <ul className="nav__list">
            {before.map(linkItem)}
            <li>
              <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start" withinPortal={false}>
                <Menu.Target>
                  <button type="button" className="nav__link nav__dropdown">
                    {nav.services.label} <ChevronDown aria-hidden="true" size={16} />
                  </button>
                </Menu.Target>
                <Menu.Dropdown>
                  {services.map((service) => (
                    <Menu.Item key={service.href} component={SmartLink} href={service.href}>{service.title}</Menu.Item>
                  ))}
                  <Menu.Divider />
                  <Menu.Item component={SmartLink} href={nav.services.href}>All {nav.services.label}</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </li>
            {after.map(linkItem)}
          </ul>
        </nav>
        <SmartLink href={nav.cta.href} className="button button--primary site-header__cta">{nav.cta.label}</SmartLink>
        <Burger
          className="nav__toggle"
          opened={open}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          color="#fff"
        />
      </div>
      <nav id={menuId} aria-label="Mobile" className="nav nav--mobile" hidden={!open}>
        <ul className="container">
          {before.map(linkItem)}
          <li>
            <span className="nav__group">{nav.services.label}</span>
            <ul>
              {services.map((s) => linkItem({ label: s.title, href: s.href }))}
              {linkItem({ label: `All ${nav.services.label}`, href: nav.services.href })}
            </ul>
          </li>
          {after.map(linkItem)}
          {linkItem(nav.cta)}
        </ul>
      </nav>
    </header>
  )
}
