import { HeadContent, Outlet, useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { FloatingActions } from './FloatingActions'
import { Footer } from './Footer'
import { Header } from './Header'
import { RouteAnnouncer } from './RouteAnnouncer'

export function Layout() {
  const { pathname } = useLocation()

  // Marks the document once React has taken over the prerendered HTML (tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])

  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      {/* Keyed by address so the fade-in replays on every page (CSS: 50 ms delay). */}
      <main id="main" key={pathname} className="page-fade" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <FloatingActions />
      <RouteAnnouncer />
    </>
  )
}
