import { useId } from 'react'

export const RESUME_TYPES = ['.pdf', '.doc', '.docx']
export const RESUME_MAX_BYTES = 5 * 1024 * 1024

/** Why this file cannot be sent, or undefined when it can. */
export function resumeProblem(file: File | null): string | undefined {
  if (!file) return undefined
  if (!RESUME_TYPES.some((ext) => file.name.toLowerCase().endsWith(ext)))
    return 'Your resume must be a PDF, DOC or DOCX file.'
  if (file.size > RESUME_MAX_BYTES) return 'Your resume must be 5 MB or smaller.'
  return undefined
}

export function ResumeInput({
  file,
  onChange,
  disabled,
}: {
  file: File | null
  onChange: (file: File | null) => void
  disabled: boolean
}) {
  const id = useId()
  const problem = resumeProblem(file)
  return (
    <div className="form__resume">
      <label htmlFor={id}>Resume (optional)</label>
      <p id={`${id}-help`} className="form__help">
        PDF, DOC or DOCX, up to 5 MB.
      </p>
      <input
        id={id}
        type="file"
        name="resume"
        accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        aria-describedby={`${id}-help${problem ? ` ${id}-error` : ''}`}
        aria-invalid={problem ? true : undefined}
        disabled={disabled}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      {problem ? (
        <p id={`${id}-error`} className="form__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
