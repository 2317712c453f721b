import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

type SmartLinkProps = { href: string; className?: string; children: ReactNode; 'aria-label'?: string }

// Site addresses go through the router (client-side navigation, preloading);
// everything else (tel:, mailto:, other sites) is a plain anchor.
export function SmartLink({ href, className, children, ...rest }: SmartLinkProps) {
  if (href.startsWith('/')) {
    const [path, hash] = href.split('#')
    return <Link to={path} hash={hash} className={className} {...rest}>{children}</Link>
  }
  const external = /^https?:/.test(href)
  return (
    <a href={href} className={className} {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  )
}
