import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

const EXACT = { exact: true, includeSearch: false }

type SmartLinkProps = {
  href: string
  className?: string
  children: ReactNode
  'aria-label'?: string
  /** The language of the linked page and of the link's text (a language switcher's link). */
  hrefLang?: string
  lang?: string
}

// The one link component of the site. Site addresses go through the router (client-side
// navigation, preloading) and are marked aria-current="page" only on the exact page they
// point to (TanStack's default also marks every ancestor, e.g. Home everywhere);
// everything else (tel:, mailto:, other sites) is a plain anchor.
export function SmartLink({ href, className, children, ...rest }: SmartLinkProps) {
  if (href.startsWith('/')) {
    const [path, hash] = href.split('#')
    return (
      <Link to={path} hash={hash} className={className} activeOptions={EXACT} {...rest}>
        {children}
      </Link>
    )
  }
  const external = /^https?:/.test(href)
  return (
    <a
      href={href}
      className={className}
      {...rest}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  )
}
