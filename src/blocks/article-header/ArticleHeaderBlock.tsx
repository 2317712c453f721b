import ArrowLeft from 'lucide-react/icons/arrow-left'
import { SmartLink } from '../../ui/SmartLink'
import { Section } from '../_shared/Section'
import type { BlockProps } from '../types'

// `article` (category, date, reading time, author) comes from the page's meta.article.
export function ArticleHeaderBlock({ heading, backLabel, backHref, article }: BlockProps<'article-header'>) {
  return (
    <Section heading={heading} level={1} tone="dark" className="article-header">
      {article ? (
        <p className="article-header__meta">
          <span className="post-card__badge">{article.category}</span>
          <time dateTime={article.date}>{article.dateLabel}</time>
          <span>{article.readTime}</span>
          <span>{article.byline}</span>
        </p>
      ) : null}
      <SmartLink href={backHref} className="article-header__back">
        <ArrowLeft aria-hidden="true" size={16} /> {backLabel}
      </SmartLink>
    </Section>
  )
}
