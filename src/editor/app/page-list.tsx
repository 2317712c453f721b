// The list of pages: filtered by address or file, each with its problem counts; a translation
// whose source changed since it was marked up to date is flagged, with "Mark as up to date"
// (`npm run check -- --accept-translation <file>`).
import { memo, useMemo, useState } from 'react'
import type { PageEntry } from './api'
import { count } from './state'

type Props = {
  pages: PageEntry[]
  current: string | undefined
  onOpen: (file: string) => void
  onNew: () => void
  onAccept: (file: string) => void
}

export function PageNav({ pages, current, onOpen, onNew, onAccept }: Props) {
  const [filter, setFilter] = useState('')
  const shown = useMemo(
    () => pages.filter((p) => `${p.address} ${p.file}`.toLowerCase().includes(filter.trim().toLowerCase())),
    [pages, filter],
  )
  return (
    <nav className="editor__pages" aria-labelledby="pages-heading">
      <h1 id="pages-heading">Pages</h1>
      <label htmlFor="page-filter">Filter</label>
      <input id="page-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <button type="button" onClick={onNew}>
        New page
      </button>
      <PageList pages={shown} current={current} onOpen={onOpen} onAccept={onAccept} />
    </nav>
  )
}

// The list of a thousand pages is not drawn again at every keystroke in a form.
const PageList = memo(function PageList({
  pages,
  current,
  onOpen,
  onAccept,
}: Pick<Props, 'pages' | 'current' | 'onOpen' | 'onAccept'>) {
  return (
    <ul>
      {pages.map((p) => (
        <li key={p.file}>
          <a
            href={`#${p.file}`}
            aria-current={current === p.file ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault()
              onOpen(p.file)
            }}
          >
            <span className="editor__address">{p.address}</span>
            <span className="editor__file">{p.file}</span>
            <span className={p.errors ? 'editor__count editor__count--bad' : 'editor__count'}>
              {count(p.errors, 'error')}
              {p.warnings ? `, ${count(p.warnings, 'warning')}` : ''}
            </span>
          </a>
          {p.stale ? (
            <div className="editor__stale">
              <span id={`stale-${p.file}`}>
                Translation out of date: not marked up to date with {p.translationOf} as it is now.
              </span>{' '}
              <button type="button" aria-describedby={`stale-${p.file}`} onClick={() => onAccept(p.file)}>
                Mark as up to date<span className="visually-hidden"> {p.file}</span>
              </button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
})
