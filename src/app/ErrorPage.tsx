import { useEffect } from 'react'
import { loadedSiteFor } from './site-in-locale'

// Shown when rendering fails. Deliberately depends on nothing but React and what is already
// loaded: whatever broke (data, a block, the router) must not also break the fallback.
export function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error)
  }, [error])
  const address = typeof window === 'undefined' ? '/' : window.location.pathname
  const { texts, locale } = loadedSiteFor(address)
  // The text has one slot, {home}: the link to the language's home page.
  const [before, after = ''] = texts.errorPage.text.split('{home}')
  return (
    <section className="block" aria-labelledby="error-heading">
      <div className="container">
        <h1 id="error-heading">{texts.errorPage.heading}</h1>
        <p>
          {before}
          <a href={locale.home}>{texts.errorPage.home}</a>
          {after}
        </p>
      </div>
    </section>
  )
}
