import { locales } from 'virtual:site'
import { useRouterState } from '@tanstack/react-router'
import type { PageData } from '../blocks/types'
import { SmartLink } from '../ui/SmartLink'

/**
 * The same page in the site's other languages, each named in its own language (Español on an
 * English page, English on a Spanish one). A page without a translation shows nothing: no link
 * is made up to a home page or a guessed address.
 */
export function LanguageSwitcher() {
  const translations = useRouterState({
    select: (state) => (state.matches.at(-1)?.loaderData as PageData | undefined)?.translations,
  })
  if (!translations?.length) return null
  return (
    <div className="language-switcher">
      {translations.map((t) => (
        <SmartLink key={t.locale} href={t.path} hrefLang={t.locale} lang={t.locale} className="language-switcher__link">
          {locales.find((l) => l.code === t.locale)?.name ?? t.locale}
        </SmartLink>
      ))}
    </div>
  )
}
