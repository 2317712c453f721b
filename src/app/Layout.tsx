import { HeadContent, Outlet, useLocation, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { FloatingActions } from './FloatingActions'
import { Footer } from './Footer'
import { Header } from './Header'

export function Layout() {
  const router = useRouter()
  const { pathname } = useLocation()

  // Marks the document once React has taken over the prerendered HTML (tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])

  // Each newly loaded page starts at the top (unless the address points at an anchor).
  useEffect(
    () =>
      router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
        if (pathChanged && !toLocation.hash) window.scrollTo(0, 0)
      }),
    [router],
  )

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
    </>
  )
}
