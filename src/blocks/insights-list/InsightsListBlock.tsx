import { useNavigate, useSearch } from '@tanstack/react-router'
import { SmartLink } from '../../ui/SmartLink'
import { formatDate } from '../_shared/format-date'
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
  anchor,
}: BlockProps<'insights-list'>) {
  const search = useSearch({ strict: false }) as { category?: string }
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const active = hydrated && search.category && categories.includes(search.category) ? search.category : undefined
  const shown = active ? posts.filter((p) => p.category === active) : posts

  const choose = (category: string | undefined) =>
    void navigate({ to: '.', search: category ? { category } : {}, replace: true, resetScroll: false })

  return (
    <Section heading={heading} intro={intro} anchor={anchor} className="insights-list">
      <div className="insights__layout">
        <nav aria-label="Article categories" className="insights__categories">
          <h3>Categories</h3>
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
              ? `${shown.length} article${shown.length === 1 ? '' : 's'} in ${active}`
              : `${posts.length} articles`}
          </p>
          <ul className="insights__posts">
            {shown.map((post, i) => (
              <li key={post.href} className="post-card">
                <img
                  src={post.image.src}
                  alt={post.image.alt}
                  width={post.image.width}
                  height={post.image.height}
                  {...(i === 0 ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' })}
                />
                <div className="post-card__body">
                  <p className="post-card__meta">
                    <span className="post-card__badge">{post.category}</span>
                    <time dateTime={post.date}>{formatDate(post.date)}</time>
                    <span>{post.readTime} read</span>
                  </p>
                  <h3>{post.title}</h3>
                  <p>{post.excerpt}</p>
                  <SmartLink href={post.href} className="card__link">
                    Read More<span className="visually-hidden">: {post.title}</span>
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
