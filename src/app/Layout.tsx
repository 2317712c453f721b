import { HeadContent, Outlet, useRouterState } from '@tanstack/react-router'
import { Suspense, useEffect, useRef } from 'react'
import { FloatingActions } from './FloatingActions'
import { Footer } from './Footer'
import { Header } from './Header'
import { deferredPart } from './LayoutPart'
import { RouteAnnouncer } from './RouteAnnouncer'
import { useSite } from './site-in-locale'

// The header and the footer keep their server HTML until the visitor reaches into them.
const HeaderPart = deferredPart('header', () => <Header />)
const FooterPart = deferredPart('footer', () => <Footer />)

export function Layout() {
  // The address of the page on screen (its match), not the one the router is loading: keyed by
  // the latter, <main> would mount the page on screen again while the next one loads.
  const pathname = useRouterState({ select: (state) => state.matches.at(-1)?.pathname ?? state.location.pathname })
  const { texts, locale } = useSite()
  // The content fades in only on a client-side navigation, never on the first (prerendered)
  // load: a first paint animated from opacity 0 is not counted as a contentful paint, so the
  // hero (heading, photo) would not be the page's largest paint, and the largest would come later.
  const landing = useRef(pathname)
  const navigated = useRef(false)
  if (pathname !== landing.current) navigated.current = true

  // The prerendered page says its language in <html lang>; after a client-side navigation into
  // another language, the document says the new one (screen readers pick their voice from it).
  useEffect(() => {
    document.documentElement.lang = locale.code
  }, [locale.code])

  // Marks the document once React has taken over the prerendered HTML (tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])

  return (
    <>
      {/* The page's <title>, meta tags and links (about 30), which React takes over on the first
          load by matching each to the prerendered head's: in a commit of its own, like the header
          and the footer, that was part of the longest task of the app's start. */}
      <Suspense>
        <HeadContent />
      </Suspense>
      <a className="skip-link" href="#main">
        {texts.skipLink}
      </a>
      <HeaderPart />
      {/* Keyed by address so the fade-in replays on every page navigated to (CSS: 50 ms delay). */}
      <main id="main" key={pathname} className={navigated.current ? 'page-fade' : undefined} tabIndex={-1}>
        <Outlet />
      </main>
      <FooterPart />
      <FloatingActions />
      <RouteAnnouncer />
    </>
  )
}
