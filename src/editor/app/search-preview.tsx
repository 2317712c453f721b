// What a page looks like outside the site, as the marketer types: its Google result (the title
// with the site's suffix, the address, the description, each cut where search results cut them,
// after the lengths `npm run check` enforces) and its share card (the image the build draws,
// the title and the description).
import type { UiSchema } from '@rjsf/utils'
import { useEffect, useState } from 'react'
import { fillText } from '../../engine/placeholders'
import { titleWithSuffix } from '../../engine/title'
import { api, type Range, type Seo } from './api'
import { chars, type MeterOptions } from './editor-theme'
import type { Open } from './state'

/** A text as `npm run check` measures it: its facts filled in, the title with the site's suffix. */
export function measured(text: string, kind: 'title' | 'description', seo: Seo, facts: Open['facts']): string {
  const filled = fillText(text, new Map(Object.entries(facts ?? {})))
  return kind === 'title' ? titleWithSuffix(filled, { seo: { titleSuffix: seo.titleSuffix } } as never) : filled
}

/** The length meters of the SEO fields: npm run check's ranges, counted as it counts. */
export function seoUi(seo: Seo, facts: Open['facts']): UiSchema {
  const title: MeterOptions = {
    ...seo.title,
    count: (text) => chars(measured(text, 'title', seo, facts)),
    note: seo.titleSuffix ? `with the suffix “${seo.titleSuffix.trim()}”` : undefined,
  }
  const description: MeterOptions = {
    ...seo.description,
    count: (text) => chars(measured(text, 'description', seo, facts)),
  }
  return { title: { 'ui:options': { meter: title } }, description: { 'ui:options': { meter: description } } }
}

/** The text as a search result shows it: whole, or cut at a word before `range.max` with "…". */
export function cutForSearch(text: string, range: Range): string {
  const letters = [...text]
  if (letters.length <= range.max) return text
  const cut = letters.slice(0, range.max - 1).join('')
  const word = cut.replace(/\s+\S*$/, '')
  return `${(word.length > cut.length / 2 ? word : cut).trimEnd()}…`
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

export function SearchPreview({ open, seo }: { open: Open; seo: Seo }) {
  const meta = open.data.meta
  const title = measured(text(meta.title), 'title', seo, open.facts)
  const description = measured(text(meta.description), 'description', seo, open.facts)
  const host = seo.origin.replace(/^https?:\/\//, '')
  const crumbs = open.address.split('/').filter(Boolean)
  return (
    <section aria-labelledby="search-heading" className="editor__block editor__search">
      <h3 id="search-heading">In search results</h3>
      <div className="editor__serp" data-testid="search-result">
        <div className="editor__serp-site">
          <span className="editor__serp-name">{seo.siteName}</span>
          <span className="editor__serp-url">{[host, ...crumbs].join(' › ')}</span>
        </div>
        <p className="editor__serp-title" data-testid="search-title">
          {cutForSearch(title, seo.title)}
        </p>
        <p className="editor__serp-description" data-testid="search-description">
          {cutForSearch(description, seo.description)}
        </p>
      </div>
      <ShareCard open={open} seo={seo} />
    </section>
  )
}

// The card is drawn by the server (satori and resvg, as the build): only after a pause in typing.
const CARD_DELAY_MS = 400

function ShareCard({ open, seo }: { open: Open; seo: Seo }) {
  const meta = open.data.meta
  const [image, setImage] = useState<string>()
  const { file, version, data } = open
  // What the card shows: the title (or the first block's heading) and an image of the page's own.
  const drawn = JSON.stringify([meta.title, meta.ogImage, (data.blocks[0] as { heading?: unknown })?.heading])
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again only when what it shows changes
  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      api
        .card(file, version, data)
        .then((card) => {
          if (current) setImage(card.image)
        })
        .catch(() => undefined)
    }, CARD_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [file, version, drawn])
  // As the page's og:title and og:description: the title with its suffix, the description filled in.
  const title = text(meta.ogTitle) || measured(text(meta.title), 'title', seo, open.facts)
  const description = text(meta.ogDescription) || measured(text(meta.description), 'description', seo, open.facts)
  return (
    <figure className="editor__card" data-testid="share-card">
      {image ? (
        <img src={image} alt="" width={1200} height={630} />
      ) : (
        <div className="editor__card-image">Drawing the image…</div>
      )}
      <figcaption>
        <span className="editor__card-host">{seo.origin.replace(/^https?:\/\//, '')}</span>
        <span className="editor__card-title">{title}</span>
        <span className="editor__card-description">{description}</span>
      </figcaption>
    </figure>
  )
}
