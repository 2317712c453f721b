import { useEffect } from 'react'
import { Slots } from '../blocks/_shared/Slots'
import { loadedSiteFor } from './site-in-locale'

// Shown when rendering fails. Deliberately depends on nothing but React and what is already
// loaded: whatever broke (data, a block, the router) must not also break the fallback.
export function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error)
  }, [error])
  const address = typeof window === 'undefined' ? '/' : window.location.pathname
  const { texts, locale } = loadedSiteFor(address)
  return (
    <section className="block" aria-labelledby="error-heading">
      <div className="container">
        <h1 id="error-heading">{texts.errorPage.heading}</h1>
        <p>
          <Slots text={texts.errorPage.text} slots={{ home: <a href={locale.home}>{texts.errorPage.home}</a> }} />
        </p>
      </div>
    </section>
  )
}
