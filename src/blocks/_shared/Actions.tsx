import Phone from 'lucide-react/icons/phone'
import { SmartLink } from '../../ui/SmartLink'

type Action = { label: string; href: string; variant?: 'primary' | 'secondary' | 'phone' }

export function Actions({ actions }: { actions?: readonly Action[] }) {
  if (!actions?.length) return null
  return (
    <div className="actions">
      {actions.map((a) => (
        <SmartLink key={a.href + a.label} href={a.href} className={`button button--${a.variant ?? 'primary'}`}>
          {a.variant === 'phone' ? <Phone aria-hidden="true" size={18} /> : null}
          {a.label}
        </SmartLink>
      ))}
    </div>
  )
}
