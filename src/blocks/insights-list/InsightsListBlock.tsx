import { useNavigate, useSearch } from '@tanstack/react-router'
import { pluralText } from '../../content/plural-text'
import { SmartLink } from '../../ui/SmartLink'
import { imageLayouts } from '../_shared/image-layouts'
import { Picture } from '../_shared/Picture'
import { Section } from '../_shared/Section'
import { useHydrated } from '../_shared/use-hydrated'
import type { BlockProps } from '../types'

// The chosen category lives in the address (?category=Events), so it can be shared and
// survives a reload; the prerendered HTML lists every article.
export function InsightsListBlock({
  heading,
  intro,
  allLabel,
  categories,
  posts,
  texts,
  locale,
  anchor,
}: BlockProps<'insights-list'>) {
  const search = useSearch({ strict: false }) as { category?: string }
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const active = hydrated && search.category && categories.includes(search.category) ? search.category : undefined
  const shown = active ? posts.filter((p) => (p.filedUnder ?? p.category) === active) : posts

  const choose = (category: string | undefined) =>
    void navigate({ to: '.', search: category ? { category } : {}, replace: true, resetScroll: false })

  return (
    <Section heading={heading} intro={intro} anchor={anchor} className="insights-list">
      <div className="insights__layout">
        <nav aria-label={texts.categoriesNav} className="insights__categories">
          <h3>{texts.categories}</h3>
          <ul>
            {[undefined, ...categories].map((category) => (
              <li key={category ?? 'all'}>
                <button type="button" aria-pressed={active === category} onClick={() => choose(category)}>
                  {category ?? allLabel}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="insights__status" role="status">
            {active
              ? pluralText(locale, texts.countIn, shown.length, { category: active })
              : pluralText(locale, texts.count, posts.length)}
          </p>
          <ul className="insights__posts">
            {shown.map((post, i) => (
              <li key={post.href} className="post-card" lang={post.lang}>
                <Picture image={post.image} sizes={imageLayouts.post.sizes} first={i === 0} />
                <div className="post-card__body">
                  <p className="post-card__meta">
                    <span className="post-card__badge">{post.category}</span>
                    <time dateTime={post.date}>{post.dateLabel}</time>
                    <span>{post.readTime}</span>
                  </p>
                  <h3>{post.title}</h3>
                  <p>{post.excerpt}</p>
                  {/* The link's words are the page's language, whatever the article's. */}
                  <SmartLink href={post.href} className="card__link" lang={post.lang && locale}>
                    {texts.readMore}
                    <span className="visually-hidden" lang={post.lang}>
                      : {post.title}
                    </span>
                  </SmartLink>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  )
}
