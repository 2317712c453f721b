// 8. Translations (`meta.translationOf`): each names an existing page of the default language,
// one translation per language and page, pairs agree on whether search engines index them, a
// page links its own language's version of a page when there is one, and a translation whose
// source changed since it was made is flagged (`meta.sourceHash`, refreshed by
// `npm run check -- --accept-translation <file>`).
import type { Link, ParsedPage } from '../parsed-page'
import type { Problem } from '../problems'
import { contentHash } from '../translations'
import { problemAt } from '../yaml-source'
import { type Context, finalPage, lineOf } from './context'
import { nearestAddress } from './links'

export const acceptCommand = (file: string) => `npm run check -- --accept-translation ${file}`

export function checkTranslations(ctx: Context): Problem[] {
  const problems: Problem[] = []
  const [defaultLocale] = ctx.locales
  const claimed = new Map<string, ParsedPage>()
  for (const page of ctx.pages) {
    const source = page.raw.meta.translationOf
    const locale = ctx.localeOf(page.address)
    const at = (field: 'translationOf' | 'sourceHash' | 'noindex', message: string, warning = false) =>
      problems.push(problemAt(page.source, ['meta', field], message, warning ? { severity: 'warning' } : undefined))
    if (source === undefined) {
      if (page.raw.meta.sourceHash !== undefined)
        at('sourceHash', 'records the version of a translated page, but this page has no `translationOf:`; remove it')
      continue
    }
    if (locale === defaultLocale) {
      at(
        'translationOf',
        `this page is in ${defaultLocale.name}, the default language, so it translates nothing: a translation lives under pages/<language code>/ (e.g. pages/${ctx.locales[1]?.code ?? 'es'}/) and names the page it translates; remove this line`,
      )
      continue
    }
    const target = ctx.pageByAddress.get(source)
    if (!target) {
      if (ctx.invalidAddresses.has(source)) continue
      const end = finalPage(ctx, source)
      const near = end ?? nearestAddress(ctx, source)
      at(
        'translationOf',
        end
          ? `${source} is a redirect to ${end}: name the page itself, translationOf: ${end}`
          : `no page has the address ${source}, so this translation is of nothing; ${near ? `did you mean ${near}?` : `name the address of the ${defaultLocale.name} page it translates`}`,
      )
      continue
    }
    if (ctx.localeOf(source) !== defaultLocale) {
      at(
        'translationOf',
        `${source} is itself in ${ctx.localeOf(source).name}; name the ${defaultLocale.name} page it translates${target.raw.meta.translationOf ? `: translationOf: ${target.raw.meta.translationOf}` : ''}`,
      )
      continue
    }
    const key = `${locale.code} ${source}`
    const first = claimed.get(key)
    if (first) {
      at(
        'translationOf',
        `${first.file} (${lineOf(first.source, ['meta', 'translationOf'])}) already translates ${source} into ${locale.name}: a page has one translation per language; point one of the two at the page it really translates, or remove it`,
      )
      continue
    }
    claimed.set(key, page)
    if (Boolean(page.raw.meta.noindex) !== Boolean(target.raw.meta.noindex))
      at(
        page.raw.meta.noindex ? 'noindex' : 'translationOf',
        page.raw.meta.noindex
          ? `search engines index ${target.file} but not its translation: set the same \`noindex:\` on both (hreflang links join only pages that are both indexed)`
          : `${target.file} has noindex: true but its translation is indexed: set the same \`noindex:\` on both (hreflang links join only pages that are both indexed)`,
      )
    const recorded = page.raw.meta.sourceHash
    const now = contentHash(target.source)
    if (recorded === undefined)
      at(
        'translationOf',
        `no version of ${target.file} is recorded for this translation, so a later change there cannot be flagged: once this page is up to date with it, run ${acceptCommand(page.file)}`,
        true,
      )
    else if (recorded !== now)
      at(
        'sourceHash',
        `${target.file} changed after this translation was made (version ${recorded}, now ${now}): bring ${page.file} up to date with it, then run ${acceptCommand(page.file)}`,
        true,
      )
  }
  return [...problems, ...checkLinksToOtherLanguages(ctx)]
}

/**
 * A page links its own language's version of a page when there is one: a visitor reading
 * Spanish is not sent to the English contact page when /es/contacto exists. Site.yaml's own
 * menus count too: `locales.<code>` is in that language, the rest in the default one.
 */
function checkLinksToOtherLanguages(ctx: Context): Problem[] {
  const languageOf = (link: Link) =>
    link.page
      ? ctx.localeOf(link.page.address)
      : link.path[0] === 'locales' && typeof link.path[1] === 'string'
        ? (ctx.locales.find((l) => l.code === link.path[1]) ?? ctx.locales[0])
        : ctx.locales[0]
  return [...ctx.siteLinks, ...ctx.pageLinks].flatMap((link) => {
    const target = finalPage(ctx, link.address)
    if (!target || !link.followable || link.implicit) return []
    const language = languageOf(link)
    const targetLanguage = ctx.localeOf(target)
    if (targetLanguage === language) return []
    const own = ctx.translations.versionsOf(target).find((v) => v.locale === language.code)
    if (!own) return []
    const fragment = link.href.slice(link.address.length)
    return [
      problemAt(
        link.source,
        link.path,
        `links to ${link.address}, in ${targetLanguage.name}, from ${link.page ? 'a page' : 'a menu'} in ${language.name}, whose own version is ${own.path}: link ${own.path}${fragment} instead`,
      ),
    ]
  })
}
