// The Publish view: every page and image changed since the live site, each change in words with
// `npm run check`'s problems at their fields; one commit with an editable message, pushed live or
// sent for review; conflicts with the live site settled field by field; the recent publishes with
// Undo, and a page's published versions with Restore (publish-history.tsx).
import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import type { Problem } from '../../content/problems'
import { ApiError, type Catalogue, call, type Json, type PageEntry } from './api'
import { type Change, describeChanges, pageLabelsAt, quote, summaryOf } from './describe-changes'
import { PublishHistory, type Version } from './publish-history'
import './publish.css'
import { publishWords as w } from './publish-words'

type PageData = { meta?: Json; blocks?: Json[] }
export type ChangedFile = {
  file: string
  address: string
  status: 'added' | 'modified' | 'deleted'
  kind: 'page' | 'image'
  before?: PageData
  after?: PageData
  problems: Problem[]
}
type Status = {
  settings: { remote: string; branch: string; review: boolean }
  live: string
  files: ChangedFile[]
  published: Version[]
}
type Conflict = { file: string; key: string; path: (string | number)[]; mine: unknown; live: unknown; data?: PageData }
type Choices = Record<string, Record<string, 'mine' | 'live'>>

/** "blocks[2].items[0].title" -> ['blocks', 2, 'items', 0, 'title'] */
const segmentsOf = (path: string) =>
  [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] === undefined ? m[1] : Number(m[2])))

type Props = {
  catalogue: Catalogue
  pages: PageEntry[]
  /** Files open in the editor with edits not saved. */
  unsaved: string[]
  onOpen: (file: string) => void
  onPublished: (files: string[]) => void
}

type Said = { text: string; link?: string }
type Described = ChangedFile & { changes: Change[] }

export function PublishView({ catalogue, pages, unsaved, onOpen, onPublished }: Props) {
  const { status, unavailable, review, setReview, load } = usePublishStatus()
  const [said, setSaid] = useState<Said>()
  const described = useMemo(
    () =>
      (status?.files ?? []).map((f) => ({
        ...f,
        changes: f.kind === 'page' ? describeChanges(f.before, f.after, catalogue) : [],
      })),
    [status, catalogue],
  )
  const message = useCommitMessage(useMemo(() => described.map(suggestionFor).join('; '), [described]))
  const publishing = usePublish({ status, message, review, setSaid, load, onPublished })
  return (
    <section aria-labelledby="publish-heading" className="publish">
      <h2 id="publish-heading">{w.heading}</h2>
      <p role="status" className="publish__said">
        {said?.text}
        {said?.link ? (
          <>
            {' '}
            <a href={said.link} target="_blank" rel="noreferrer">
              {w.compare}
            </a>
          </>
        ) : null}
      </p>
      {unavailable ? (
        <p className="publish__problem">
          {w.unavailable} {unavailable}
        </p>
      ) : !status ? (
        <p>{w.loading}</p>
      ) : (
        <>
          <p className="publish__live">
            {w.live(status.settings.branch, status.settings.remote, status.live.slice(0, 7))}{' '}
            <button type="button" disabled={publishing.busy} onClick={() => void load()}>
              {w.lookAgain}
            </button>
          </p>
          {unsaved.length ? <p className="publish__problem">{w.unsaved(unsaved.join(', '))}</p> : null}
          {described.length === 0 ? (
            <p>{w.nothing}</p>
          ) : (
            <Changes
              described={described}
              catalogue={catalogue}
              onOpen={onOpen}
              publishing={publishing}
              message={message}
              review={review}
              onReview={setReview}
            />
          )}
          <PublishHistory
            published={status.published}
            pages={pages}
            onDone={(text, files) => {
              setSaid({ text })
              onPublished(files)
              void load()
            }}
          />
        </>
      )}
    </section>
  )
}

/** What changed since the live site, asked again by `load`; and whether a publish goes for review by default. */
function usePublishStatus() {
  const [status, setStatus] = useState<Status>()
  const [unavailable, setUnavailable] = useState<string>()
  const [review, setReview] = useState(false)
  const load = useCallback(async () => {
    try {
      const answer = await call<Status>('publish')
      setStatus(answer)
      setReview(answer.settings.review)
      setUnavailable(undefined)
    } catch (error) {
      setUnavailable((error as Error).message)
    }
  }, [])
  useEffect(() => void load(), [load])
  return { status, unavailable, review, setReview, load }
}

type CommitMessage = { text: string; write: (text: string) => void; forget: () => void }

/** The commit's message: the one suggested from the changes, until the marketer writes their own. */
function useCommitMessage(suggested: string): CommitMessage {
  const [text, setText] = useState('')
  const [edited, setEdited] = useState(false)
  useEffect(() => {
    if (!edited) setText(suggested)
  }, [suggested, edited])
  const write = (written: string) => {
    setEdited(true)
    setText(written)
  }
  return { text, write, forget: () => setEdited(false) }
}

type Publishing = ReturnType<typeof usePublish>

/** Publishing every changed file in one commit; the conflicts the live site answers, and the sides chosen for them. */
function usePublish(props: {
  status: Status | undefined
  message: CommitMessage
  review: boolean
  setSaid: (said: Said) => void
  load: () => Promise<void>
  onPublished: (files: string[]) => void
}) {
  const { status, message, review, setSaid } = props
  const [busy, setBusy] = useState(false)
  const [conflicts, setConflicts] = useState<Conflict[]>()
  const [choices, setChoices] = useState<Choices>({})
  const choose = (file: string, key: string, choice: 'mine' | 'live') =>
    setChoices((c) => ({ ...c, [file]: { ...c[file], [key]: choice } }))
  const publish = async () => {
    if (!status) return
    setBusy(true)
    setSaid({ text: w.publishing })
    const files = status.files.map((f) => f.file)
    try {
      const answer = await call<{ commit: string; branch: string; compare?: string; note?: string }>('publish', {
        files,
        message: message.text,
        review,
        choices,
      })
      const short = answer.commit.slice(0, 7)
      setConflicts(undefined)
      setChoices({})
      message.forget()
      setSaid(
        review
          ? { text: w.inReview(answer.branch), link: answer.compare }
          : { text: `${w.published(short, answer.branch)}${answer.note ? ` ${w.copyNotUpdated(answer.note)}` : ''}` },
      )
      props.onPublished(files)
      await props.load()
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.body.conflicts)) {
        setConflicts(error.body.conflicts as Conflict[])
        setSaid({ text: w.conflictsHeading })
      } else setSaid({ text: `${w.failed} ${(error as Error).message}` })
    } finally {
      setBusy(false)
    }
  }
  return { busy, conflicts, choices, choose, publish }
}

/** The changed files with their changes in words, the conflicts to settle if any, and the form that publishes them. */
function Changes(props: {
  described: Described[]
  catalogue: Catalogue
  onOpen: (file: string) => void
  publishing: Publishing
  message: CommitMessage
  review: boolean
  onReview: (review: boolean) => void
}) {
  const { described, catalogue, publishing } = props
  const blocked = described.some((f) => f.problems.some((p) => p.severity === 'error'))
  return (
    <>
      <h3>{w.changesHeading(described.length)}</h3>
      <ul className="publish__files">
        {described.map((f) => (
          <FileChanges key={f.file} file={f} catalogue={catalogue} onOpen={props.onOpen} />
        ))}
      </ul>
      {publishing.conflicts ? (
        <ConflictForm
          conflicts={publishing.conflicts}
          catalogue={catalogue}
          choices={publishing.choices}
          onChoose={publishing.choose}
        />
      ) : null}
      <PublishForm
        message={props.message.text}
        onMessage={props.message.write}
        review={props.review}
        onReview={props.onReview}
        blocked={blocked}
        busy={publishing.busy}
        label={publishing.conflicts ? w.publishChoices : w.publish}
        onPublish={() => void publishing.publish()}
      />
    </>
  )
}

/** The commit message a file suggests: "About page: hero heading, FAQ 3". */
function suggestionFor(f: Described) {
  if (f.kind === 'image') return `${f.address} (${w.status[f.status]})`
  const meta = (f.after ?? f.before)?.meta ?? {}
  const name = String(meta.breadcrumb ?? meta.city ?? meta.title ?? f.address)
  if (f.status !== 'modified' || !f.changes.length) return `${name} ${w.pageWord} (${w.status[f.status]})`
  return summaryOf(name, f.changes, w.pageWord)
}

function FileChanges({
  file,
  catalogue,
  onOpen,
}: {
  file: Described
  catalogue: Catalogue
  onOpen: (file: string) => void
}) {
  const headingId = useId()
  const atChange = new Set(file.changes.map((c) => c.path))
  const elsewhere = file.problems.filter((p) => !atChange.has(p.path))
  const problemsAt = (path: string) => file.problems.filter((p) => p.path === path)
  return (
    <li className="publish__file" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {file.address} <span className="publish__path">{file.file}</span>{' '}
        <span className="publish__badge">{w.status[file.status]}</span>
      </h4>
      {file.kind === 'image' ? <p>{w.imageChanged}</p> : null}
      <ul className="publish__changes">
        {file.changes.map((c) => (
          <li key={`${c.kind}-${c.path}`}>
            <ChangeText change={c} />
            {problemsAt(c.path).map((p) => (
              <ProblemText key={`${p.line}:${p.col}:${p.message}`} problem={p} />
            ))}
          </li>
        ))}
      </ul>
      {file.kind === 'page' ? (
        elsewhere.length || file.problems.length ? (
          <div className="publish__problems">
            <p>{w.problemsHere(file.problems.length)}</p>
            <ul>
              {elsewhere.map((p) => (
                <li key={`${p.line}:${p.col}:${p.message}`}>
                  {p.path ? `${pageLabelsAt(segmentsOf(p.path), file.after ?? {}, catalogue).join(' · ')}: ` : ''}
                  <ProblemText problem={p} />
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="publish__ok">{w.checkPasses}</p>
        )
      ) : null}
      {file.kind === 'page' && file.status !== 'deleted' ? (
        <button type="button" onClick={() => onOpen(file.file)}>
          {w.openInEditor}
          <span className="visually-hidden"> {file.file}</span>
        </button>
      ) : null}
    </li>
  )
}

function ChangeText({ change }: { change: Change }) {
  const where = change.where.join(' · ')
  if (change.kind === 'added')
    return (
      <span>
        {where}: {w.added} {quote(change.after)}
      </span>
    )
  if (change.kind === 'removed')
    return (
      <span>
        {where}: {w.removed} <del>{quote(change.before)}</del>
      </span>
    )
  return (
    <span>
      {where}: <del>{quote(change.before)}</del> → <ins>{quote(change.after)}</ins>
    </span>
  )
}

function ProblemText({ problem }: { problem: Problem }) {
  return (
    <span className={problem.severity === 'error' ? 'publish__error' : 'publish__warning'}>
      {' '}
      {problem.message} ({problem.file}:{problem.line}:{problem.col})
    </span>
  )
}

function ConflictForm({
  conflicts,
  catalogue,
  choices,
  onChoose,
}: {
  conflicts: Conflict[]
  catalogue: Catalogue
  choices: Choices
  onChoose: (file: string, key: string, choice: 'mine' | 'live') => void
}) {
  const value = (v: unknown) =>
    v === undefined || v === null || v === false ? w.none : v === true ? w.wholeFile : quote(v, 300)
  return (
    <section aria-labelledby="conflicts-heading" className="publish__conflicts">
      <h3 id="conflicts-heading">{w.conflictsHeading}</h3>
      <p>{w.conflictsIntro}</p>
      {conflicts.map((c) => {
        const where = c.key ? pageLabelsAt(c.path, c.data ?? {}, catalogue).join(' · ') : w.wholeFile
        const name = `choice-${c.file}-${c.key}`
        return (
          <fieldset key={name}>
            <legend>
              {where} <span className="publish__path">({c.file})</span>
            </legend>
            {(['mine', 'live'] as const).map((side) => (
              <label key={side} className="publish__choice">
                <input
                  type="radio"
                  name={name}
                  value={side}
                  checked={choices[c.file]?.[c.key] === side}
                  onChange={() => onChoose(c.file, c.key, side)}
                />
                <span>
                  <strong>{side === 'mine' ? w.yours : w.theirs}:</strong> {value(side === 'mine' ? c.mine : c.live)}
                </span>
              </label>
            ))}
          </fieldset>
        )
      })}
    </section>
  )
}

function PublishForm(props: {
  message: string
  onMessage: (text: string) => void
  review: boolean
  onReview: (review: boolean) => void
  blocked: boolean
  busy: boolean
  label: string
  onPublish: () => void
}) {
  return (
    <div className="publish__form">
      <label htmlFor="publish-message">{w.message}</label>
      <textarea id="publish-message" rows={3} value={props.message} onChange={(e) => props.onMessage(e.target.value)} />
      <label className="publish__review">
        <input type="checkbox" checked={props.review} onChange={(e) => props.onReview(e.target.checked)} /> {w.review}
      </label>
      {props.blocked ? (
        <p id="publish-blocked" className="publish__problem">
          {w.blocked}
        </p>
      ) : null}
      <button
        type="button"
        className="publish__button"
        disabled={props.blocked || props.busy || !props.message.trim()}
        aria-describedby={props.blocked ? 'publish-blocked' : undefined}
        onClick={props.onPublish}
      >
        {props.label}
      </button>
    </div>
  )
}
