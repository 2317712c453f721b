import type { Crumb } from '../content/types'
import { SmartLink } from '../ui/SmartLink'
import { useSite } from './site-in-locale'

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { texts } = useSite()
  if (!crumbs.length) return null
  return (
    <nav aria-label={texts.breadcrumbs.label} className="breadcrumbs">
      <ol className="container">
        {crumbs.map((crumb, i) => {
          const current = i === crumbs.length - 1
          return (
            <li key={i}>
              {current ? (
                <span aria-current="page">{crumb.label}</span>
              ) : crumb.href ? (
                <SmartLink href={crumb.href}>{crumb.label}</SmartLink>
              ) : (
                <span>{crumb.label}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
