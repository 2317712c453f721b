// 9. Languages (site.yaml `locales`): every language but the default translates everything every
// page shows (menus, footer, not-found page, site-wide texts, the company's description and
// the credentials the footer lists), key by key; its worded figures keep the default's figures; its service
// catalogue names services that exist.
import { siteTextsSchema } from '../../content/site-texts-schema'
import type { SiteConfig } from '../../content/types'
import { hasWords, type LocaleConfig, numbersIn, TRANSLATED_SECTIONS } from '../locales'
import type { PathSegment, Problem } from '../problems'
import { formatPath } from '../problems'
import { suggest } from '../suggest'
import { problemAt } from '../yaml-source'
import type { Context } from './context'

type Node = { properties?: Record<string, Node> }

export function checkLocales(ctx: Context): Problem[] {
  const { site, siteSource: source } = ctx
  const problems: Problem[] = []
  const [first, ...others] = ctx.locales
  const at = (path: PathSegment[], message: string, severity: Problem['severity'] = 'error') =>
    problems.push(problemAt(source, path, message, { part: 'key', severity }))

  const defaultWords = Object.keys(site.locales[first.code]).filter((k) => k !== 'name' && k !== 'ogLocale')
  for (const key of defaultWords)
    at(
      ['locales', first.code, key],
      `${first.name} is the default language (listed first): its words are the rest of site.yaml (\`${key}:\` at the top), not here; remove \`${key}:\` from locales.${first.code}`,
    )

  for (const locale of others) {
    const words: LocaleConfig = site.locales[locale.code]
    const base: PathSegment[] = ['locales', locale.code]
    for (const section of TRANSLATED_SECTIONS)
      if (words[section] === undefined)
        at(
          base,
          `${locale.name} has no \`${section}:\`, so its pages would show the ${first.name} one: add \`${section}:\` under locales.${locale.code}, translating site.yaml's \`${section}:\`${section === 'nav' || section === 'footer' ? ` and linking the ${locale.name} pages` : ''}`,
        )
    if (words.texts) problems.push(...missingTexts(ctx, locale.code, words.texts, site.texts))
    if (words.company?.description === undefined)
      at(
        base,
        `${locale.name} has no company description (shown in the footer): add \`company: description:\` under locales.${locale.code}, translating "${site.company.description}"`,
      )
    const credentials = site.company.credentials
    for (const [key, { name, footer }] of Object.entries(credentials))
      if (footer && words.company?.credentials?.[key] === undefined)
        at(
          [...base, ...(words.company ? ['company'] : [])],
          `${locale.name} has no name for the credential ${key} (a footer line): add \`credentials: ${key}: { name: … }\` under locales.${locale.code}.company, translating "${name}"`,
        )
    for (const key of Object.keys(words.company?.credentials ?? {}))
      if (!(key in credentials))
        at(
          [...base, 'company', 'credentials', key],
          `no credential ${key} in company.credentials; the credentials are ${Object.keys(credentials).join(', ')}`,
        )
    for (const name of Object.keys(words.relatedLinks ?? {}))
      if (!(name in site.relatedLinks))
        at(
          [...base, 'relatedLinks', name],
          `no set of related links is named "${name}" in \`relatedLinks:\`, so no page shows this one: use one of ${Object.keys(site.relatedLinks).join(', ')}, or declare the set there first`,
        )
    problems.push(...checkWordedClaims(ctx, locale.code, words), ...checkServices(ctx, locale, words))
  }
  return problems
}

/** Every text of the default language's `texts` that this language's lacks, at its nearest written parent. */
function missingTexts(ctx: Context, code: string, texts: object, defaults: SiteConfig['texts']): Problem[] {
  const problems: Problem[] = []
  const walk = (schema: Node, written: unknown, fallback: unknown, path: string[]) => {
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      const value = (written as Record<string, unknown> | undefined)?.[key]
      const english = (fallback as Record<string, unknown>)[key]
      if (value === undefined) {
        const where: PathSegment[] = ['locales', code, 'texts', ...path]
        const example = typeof english === 'string' ? `translating "${english}"` : `with \`one:\` and \`other:\``
        problems.push(
          problemAt(
            ctx.siteSource,
            where,
            `the ${code} texts are missing \`${formatPath(['texts', ...path, key])}\`; add \`${key}:\` here, ${example}`,
            { part: 'key' },
          ),
        )
      } else if (child.properties) walk(child, value, english, [...path, key])
    }
  }
  walk(siteTextsSchema as Node, texts, defaults, [])
  return problems
}

function checkWordedClaims(ctx: Context, code: string, words: LocaleConfig): Problem[] {
  const claims = ctx.site.claims
  return Object.entries(words.claims ?? {}).flatMap(([name, value]) => {
    const path: PathSegment[] = ['locales', code, 'claims', name]
    if (!(name in claims)) {
      const near = suggest(name, Object.keys(claims))
      return [
        problemAt(
          ctx.siteSource,
          path,
          `no claims.${name} in site.yaml to word here${near ? `; did you mean ${near}?` : ''}`,
          { part: 'key' },
        ),
      ]
    }
    const original = String(claims[name])
    const [expected, found] = [numbersIn(original), numbersIn(String(value))]
    if (expected.join(' ') === found.join(' ')) return []
    return [
      problemAt(
        ctx.siteSource,
        path,
        `the figures differ from claims.${name} ("${original}"): a fact is the same in every language, so write ${expected.join(' and ') || 'no figure'} here${hasWords(original) ? '' : ', or remove this line (the figure has no words to translate)'}`,
      ),
    ]
  })
}

function checkServices(ctx: Context, locale: Context['locales'][number], words: LocaleConfig): Problem[] {
  const problems: Problem[] = []
  const hrefs = ctx.site.services.map((s) => s.href)
  const written = words.services ?? {}
  for (const href of Object.keys(written))
    if (!hrefs.includes(href)) {
      const near = suggest(href, hrefs)
      problems.push(
        problemAt(
          ctx.siteSource,
          ['locales', locale.code, 'services', href],
          `${href} is not in the service catalogue (\`services:\`)${near ? `; did you mean ${near}?` : `; the services are ${hrefs.join(', ')}`}`,
          { part: 'key' },
        ),
      )
    } else if (!ctx.translations.translationOf(href, locale.code))
      problems.push(
        problemAt(
          ctx.siteSource,
          ['locales', locale.code, 'services', href],
          `no page translates ${href} into ${locale.name} yet, so the ${locale.name} menus leave this service out until one does (a page under pages/${locale.code}/ with translationOf: ${href})`,
          { part: 'key', severity: 'warning' },
        ),
      )
  for (const service of ctx.site.services) {
    const page = ctx.translations.translationOf(service.href, locale.code)
    if (page && !(service.href in written))
      problems.push(
        problemAt(
          ctx.siteSource,
          ['locales', locale.code, ...(words.services ? ['services'] : [])],
          `${page} translates the service ${service.href}, but the ${locale.name} catalogue does not name it, so the ${locale.name} menus leave it out: add \`${service.href}: { title: …, summary: … }\` under locales.${locale.code}.services, translating "${service.title}"`,
          { part: 'key' },
        ),
      )
  }
  return problems
}
