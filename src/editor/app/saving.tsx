// Saving and conflicts: a page that would fail the build is not saved (its edits are kept); a
// save first shows exactly the lines that will change; a file changed on disk since it was
// opened is never overwritten. And the problems `npm run check` reports, each linking to its field.
import type { StructuredPatchHunk } from 'diff'
import { type Dispatch, type SetStateAction, useState } from 'react'
import type { Problem } from '../../content/problems'
import { ApiError, api } from './api'
import { fieldId, fieldPathOf } from './schema-forms'
import { count, isDirty, type Open } from './state'

type Setters = {
  open: Open | undefined
  setOpen: Dispatch<SetStateAction<Open | undefined>>
  setMessage: (message: string) => void
  /** After a save: the draft kept for this file is dropped, the list of pages refreshed. */
  onSaved: (file: string) => void
}

export function useSaving({ open, setOpen, setMessage, onSaved }: Setters) {
  // The version of the file that the server said was changed on disk. An answer is about the
  // version its request named: a late one (a check of the draft made before "Reload from disk")
  // names an older version than the one open, and raises no conflict over the fresh one.
  const [conflictAt, setConflictAt] = useState<{ file: string; version: string }>()
  const conflict = !!open && conflictAt?.file === open.file && conflictAt.version === open.version
  const [diff, setDiff] = useState<StructuredPatchHunk[]>()
  const errors = open?.problems.filter((p) => p.severity === 'error') ?? []

  const failed = (error: unknown, what: string, asked: Open) => {
    if (error instanceof ApiError && error.status === 409) setConflictAt({ file: asked.file, version: asked.version })
    else setMessage(`${what}: ${(error as Error).message} Your edits are kept.`)
  }

  const askToSave = async () => {
    if (!open) return
    if (errors.length) {
      setMessage(`This page cannot be saved: ${errors.length} problem(s) would fail the build. Your edits are kept.`)
      return
    }
    try {
      const [draft, problems] = await Promise.all([
        api.draft(open.file, open.version, open.data),
        api.check(open.file, open.version, open.data),
      ])
      if (problems.some((p) => p.severity === 'error')) {
        setOpen({ ...open, problems })
        setMessage('This page cannot be saved: fix the problems listed first. Your edits are kept.')
        return
      }
      setDiff(draft.hunks)
    } catch (error) {
      failed(error, 'Not saved', open)
    }
  }

  const save = async () => {
    if (!open) return
    try {
      const saved = await api.save(open.file, open.version, open.data)
      setOpen({ ...open, version: saved.version, original: JSON.stringify(open.data), problems: saved.problems })
      setDiff(undefined)
      setMessage(`Saved ${open.file}.`)
      onSaved(open.file)
    } catch (error) {
      setDiff(undefined)
      if (error instanceof ApiError && error.status === 409) setConflictAt({ file: open.file, version: open.version })
      else if (error instanceof ApiError && Array.isArray(error.body.problems))
        setOpen({ ...open, problems: error.body.problems as Problem[] })
      setMessage(`Not saved: ${(error as Error).message} Your edits are kept.`)
    }
  }

  /** Forgets the last page's save state, when another page (or the same, fresh) is opened. */
  const reset = () => {
    setConflictAt(undefined)
    setDiff(undefined)
  }

  return { conflict, setConflictAt, diff, setDiff, askToSave, save, reset }
}

export function SaveBar({ open, onSave, onDiscard }: { open: Open; onSave: () => void; onDiscard: () => void }) {
  const dirty = isDirty(open)
  return (
    <header className="editor__toolbar">
      <h2>
        {open.address} <span className="editor__file">{open.file}</span>
      </h2>
      <button type="button" onClick={onSave} aria-describedby="save-state">
        Save
      </button>
      <button type="button" disabled={!dirty} onClick={onDiscard}>
        Discard changes
      </button>
      <span id="save-state">{dirty ? 'Unsaved changes' : 'No unsaved changes'}</span>
    </header>
  )
}

export function ConflictAlert({ file, onReload }: { file: string; onReload: () => void }) {
  return (
    <div role="alert" className="editor__conflict">
      <p>
        {file} was changed on disk since you opened it (by git or another editor). Saving would overwrite that change,
        so it is not saved.
      </p>
      <button type="button" onClick={onReload}>
        Reload from disk (drops your edits)
      </button>
    </div>
  )
}

export function DiffDialog({
  file,
  hunks,
  onSave,
  onBack,
}: {
  file: string
  hunks: StructuredPatchHunk[]
  onSave: () => void
  onBack: () => void
}) {
  return (
    <section aria-labelledby="diff-heading" className="editor__panel" role="dialog" aria-modal="false">
      <h3 id="diff-heading">Lines that will change in {file}</h3>
      {hunks.length ? <Diff hunks={hunks} /> : <p>No line changes: the file stays as it is.</p>}
      <button type="button" onClick={onSave}>
        Save these changes
      </button>{' '}
      <button type="button" onClick={onBack}>
        Back to editing
      </button>
    </section>
  )
}

/** Every problem, in `npm run check`'s words, each linking to its field. */
export function ProblemList({ problems }: { problems: Problem[] }) {
  if (!problems.length) return <p className="editor__ok">No problems: npm run check would pass for this page.</p>
  return (
    <section aria-labelledby="problems-heading" className="editor__problems">
      <h3 id="problems-heading">{count(problems.length, 'problem')} (as npm run check reports them)</h3>
      <ul>
        {problems.map((p, i) => {
          const path = fieldPathOf(p)
          const block = /^blocks\[(\d+)\]\.?(.*)$/.exec(path)
          const target = block
            ? fieldId(`block-${block[1]}`, block[2])
            : path.startsWith('meta')
              ? fieldId('meta', path.replace(/^meta\.?/, ''))
              : ''
          return (
            <li key={i} className={`editor__problem--${p.severity}`}>
              <a
                href={`#${target}`}
                onClick={(event) => {
                  event.preventDefault()
                  const field =
                    document.getElementById(target) ?? document.getElementById(`block-${block?.[1]}-heading`)
                  field?.focus()
                }}
              >
                {p.severity === 'error' ? 'Error' : 'Warning'} at {p.path || p.file} (line {p.line}:{p.col})
              </a>
              : {p.message}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function Diff({ hunks }: { hunks: StructuredPatchHunk[] }) {
  return (
    <pre className="editor__diff">
      {hunks.map((hunk) => (
        <span key={hunk.oldStart}>
          <span className="editor__diff-at">{`@@ line ${hunk.oldStart} @@\n`}</span>
          {hunk.lines.map((line, i) => (
            <span
              key={i}
              className={
                line.startsWith('+') ? 'editor__diff-add' : line.startsWith('-') ? 'editor__diff-del' : undefined
              }
            >
              {`${line}\n`}
            </span>
          ))}
        </span>
      ))}
    </pre>
  )
}
