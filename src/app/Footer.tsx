import { fillText } from '../content/texts'
import { SmartLink } from '../ui/SmartLink'
import { LayoutIcon } from './LayoutIcon'
import { useSite } from './site-in-locale'

export function Footer() {
  const { company, footer, texts } = useSite()
  const { address } = company
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {company.name}
          </h2>
          <p>{company.description}</p>
          <ul className="site-footer__contact">
            <li>
              <LayoutIcon name="phone" size={16} /> <a href={`tel:${company.phone.tel}`}>{company.phone.display}</a>
            </li>
            <li>
              <LayoutIcon name="mail" size={16} /> <a href={`mailto:${company.email}`}>{company.email}</a>
            </li>
            <li>
              <LayoutIcon name="map-pin" size={16} /> {address.city}, {address.regionName}
            </li>
          </ul>
        </section>
        {footer.columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="site-footer__heading">{column.heading}</h2>
            <ul>
              {column.links.map((l) => (
                <li key={l.href}>
                  <SmartLink href={l.href}>{l.label}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label={texts.footer.socialNav}>
          <h2 className="site-footer__heading">{texts.footer.followUs}</h2>
          <ul>
            {company.social.map((s) => (
              <li key={s.url}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.name}
                  <span className="visually-hidden"> {texts.footer.newTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <ul className="site-footer__credentials">
          {footer.credentials.map((line) => (
            <li key={line}>{line}</li>
          ))}
          {company.credentials.map((name) => (
            <li key={name}>{fillText(texts.footer.credential, { name })}</li>
          ))}
        </ul>
        <p>
          © {footer.copyrightYear} {company.legalName}. {texts.footer.rights}
        </p>
      </div>
    </footer>
  )
}
