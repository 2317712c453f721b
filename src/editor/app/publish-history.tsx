// What is live and how it got there: the recent publishes, each with Undo (a revert commit, pushed),
// and a page's published versions (who, when, message), each of which can be restored as a new
// commit.
import { useEffect, useState } from 'react'
import { call, type PageEntry } from './api'
import { publishWords as w } from './publish-words'

export type Version = { commit: string; author: string; date: string; message: string; undoable: boolean }
type Done = { commit: string; note?: string }

const when = (date: string) => new Date(date).toLocaleString(w.locale, { dateStyle: 'medium', timeStyle: 'short' })

type Props = {
  published: Version[]
  pages: PageEntry[]
  /** What was done, in words, and the files it changed on disk. */
  onDone: (text: string, files: string[]) => void
}

export function PublishHistory({ published, pages, onDone }: Props) {
  const [busy, setBusy] = useState(false)
  const act = async (task: () => Promise<string>, files: string[]) => {
    setBusy(true)
    try {
      onDone(await task(), files)
    } catch (error) {
      onDone(`${w.failed} ${(error as Error).message}`, [])
    } finally {
      setBusy(false)
    }
  }
  const undo = (version: Version) =>
    act(async () => {
      const answer = await call<Done>('undo', { commit: version.commit })
      const kept = answer.note?.startsWith('kept: ') ? ` ${w.keptEdits(answer.note.slice(6))}` : ''
      return `${w.undone(answer.commit.slice(0, 7))}${kept}`
    }, [])
  return (
    <>
      <section aria-labelledby="recent-heading" className="publish__history">
        <h3 id="recent-heading">{w.recentHeading}</h3>
        <VersionList
          versions={published}
          busy={busy}
          action={w.undo}
          can={(v) => v.undoable}
          onAction={(v) => void undo(v)}
        />
      </section>
      <PageHistory pages={pages} busy={busy} act={act} />
    </>
  )
}

function PageHistory({
  pages,
  busy,
  act,
}: {
  pages: PageEntry[]
  busy: boolean
  act: (task: () => Promise<string>, files: string[]) => Promise<void>
}) {
  const [file, setFile] = useState('')
  const [versions, setVersions] = useState<Version[]>()
  useEffect(() => {
    setVersions(undefined)
    if (file)
      void call<{ versions: Version[] }>(`history?file=${encodeURIComponent(file)}`).then((a) =>
        setVersions(a.versions),
      )
  }, [file])
  const restore = (version: Version) =>
    act(async () => {
      const answer = await call<Done>('restore', { file, commit: version.commit })
      const versions = await call<{ versions: Version[] }>(`history?file=${encodeURIComponent(file)}`)
      setVersions(versions.versions)
      return w.restored(answer.commit.slice(0, 7))
    }, [file])
  return (
    <section aria-labelledby="page-history-heading" className="publish__history">
      <h3 id="page-history-heading">{w.historyHeading}</h3>
      <label htmlFor="history-page">{w.historyPage}</label>
      <select id="history-page" value={file} onChange={(e) => setFile(e.target.value)}>
        <option value="">{w.historyChoose}</option>
        {pages.map((p) => (
          <option key={p.file} value={p.file}>
            {p.address} ({p.file})
          </option>
        ))}
      </select>
      {versions ? (
        versions.length ? (
          <VersionList
            versions={versions.slice(1)}
            current={versions[0]}
            busy={busy}
            action={w.restore}
            onAction={(v) => void restore(v)}
          />
        ) : (
          <p>{w.historyEmpty}</p>
        )
      ) : null}
    </section>
  )
}

/** Versions newest first, each with its action (the one live now, `current`, has none). */
function VersionList({
  versions,
  current,
  busy,
  action,
  can = () => true,
  onAction,
}: {
  versions: Version[]
  current?: Version
  busy: boolean
  action: string
  /** Whether the action applies to a version (a revert undoes a commit with one parent). */
  can?: (version: Version) => boolean
  onAction: (version: Version) => void
}) {
  return (
    <ol className="publish__versions">
      {[...(current ? [current] : []), ...versions].map((v) => (
        <li key={v.commit}>
          <span className="publish__message">{v.message}</span>{' '}
          <span className="publish__by">
            {w.by(v.author, '')}
            <time dateTime={v.date}>{when(v.date)}</time>
          </span>
          {v === current || !can(v) ? null : (
            <button type="button" disabled={busy} onClick={() => onAction(v)}>
              {action}
              <span className="visually-hidden">: {v.message}</span>
            </button>
          )}
        </li>
      ))}
    </ol>
  )
}
