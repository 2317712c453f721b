import { useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { SmartLink } from '../ui/SmartLink'
import { useSite } from './site-in-locale'

// In the language of the address asked for: /es/… that does not exist is answered in Spanish.
export function NotFoundPage() {
  const { pathname } = useLocation()
  const site = useSite()
  useEffect(() => {
    console.error(`404 Error: User attempted to access non-existent route: ${pathname}`)
  }, [pathname])
  return (
    <section className="block not-found" aria-labelledby="not-found-heading">
      <div className="container">
        <title>{site.notFound.title}</title>
        <meta name="robots" content="noindex" />
        <h1 id="not-found-heading" className="not-found__code">
          {site.notFound.code}
        </h1>
        <p className="not-found__message">{site.notFound.message}</p>
        <SmartLink href={site.locale.home} className="button button--primary">
          {site.notFound.linkLabel}
        </SmartLink>
      </div>
    </section>
  )
}
