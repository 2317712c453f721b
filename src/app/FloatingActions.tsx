import { site } from 'virtual:site'
import { FileText, Phone } from 'lucide-react'
import { SmartLink } from '../blocks/_shared/SmartLink'

export function FloatingActions() {
  return (
    <div className="floating-actions">
      <a
        href={`tel:${site.company.phone.tel}`}
        className="floating-actions__button floating-actions__button--emergency"
      >
        <Phone aria-hidden="true" size={18} /> Emergency
        <span className="visually-hidden">: call {site.company.phone.display}</span>
      </a>
      <SmartLink href={site.nav.cta.href} className="floating-actions__button floating-actions__button--quote">
        <FileText aria-hidden="true" size={18} /> Get Quote
      </SmartLink>
    </div>
  )
}
