// The form's behaviour, one concern per hook, so that a change to one concern touches one hook:
// the answers (read from the page at hydration, then merged as the visitor changes them), the
// conditional fields' stash, the steps and where focus goes, and the submission. JsonSchemaForm.tsx
// puts them together and renders rjsf.
import type Form from '@rjsf/core'
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils'
import type { FormKind } from '@site/forms/kinds'
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'
import { answersFromEntries, type Entry } from '../../common/forms/answers'
import { inactiveConditionalFields } from '../../common/forms/conditional'
import type { FormDefinition } from '../../common/forms/define'
import type { FieldError } from '../../common/forms/messages'
import { type PluralText, pluralText } from '../content/plural-text'
import { announce } from '../measure/announce'
import { visitAttribution } from '../measure/visit'
import { Slots } from '../ui/Slots'
import { SubmissionError } from './retry'
import { savedAnswers, useStepHistory } from './steps'
import { submitForm } from './submit'

export type Answers = Record<string, unknown>

/** A field's name from rjsf's property path (".email") or a JSON pointer ("/email"). */
export const nameOf = (path: string) => path.replace(/^[./]/, '').split(/[./]/)[0] ?? ''

export const formElementOf = (rjsf: Form<Answers> | null) =>
  rjsf?.formElement.current as HTMLFormElement | null | undefined

/**
 * The conditional fields' stash: answers of fields the rules hide again are kept aside, not sent,
 * and come back if their question is answered so that they show again.
 */
export function useConditionalStash(schema: RJSFSchema) {
  const stash = useRef<Answers>({})
  return {
    /** The answers without those of hidden conditional fields, which go to the stash. */
    withoutHidden(data: Answers): Answers {
      const hidden = inactiveConditionalFields(schema, data)
      const kept: Answers = {}
      for (const [name, value] of Object.entries(data)) {
        if (hidden.has(name)) stash.current[name] = value
        else kept[name] = value
      }
      for (const [name, value] of Object.entries(stash.current))
        if (!hidden.has(name) && kept[name] === undefined && value !== undefined) kept[name] = value
      return kept
    },
    clear() {
      stash.current = {}
    },
  }
}

/**
 * The answers: none on the server's render but those the page presets; at hydration, what the visitor typed, chose or
 * attached before the code arrived (and, after a reload, what this tab kept), then every change
 * merged into the latest answers. Also the messages at fields, each kept until its answer changes,
 * and the chosen files.
 */
const NO_ANSWERS: Answers = {}

export function useAnswers({
  kind,
  schema,
  form,
  keepsAnswers,
  rjsf,
  withoutHidden,
  onHydrated,
  initial = NO_ANSWERS,
}: {
  kind: FormKind
  schema: RJSFSchema
  form: FormDefinition
  /** A form in steps keeps its answers in this tab once hydrated, and gives them back after a reload. */
  keepsAnswers: boolean
  rjsf: RefObject<Form<Answers> | null>
  withoutHidden: (data: Answers) => Answers
  /** Called once hydrated, with the form's element that had focus then. */
  onHydrated: (active: Element | null) => void
  /** The answers the page presets (its service, its city), rendered on the server too. */
  initial?: Answers
}) {
  const [formData, setFormData] = useState<Answers>(initial)
  const [enhanced, setEnhanced] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<ErrorSchema<Answers>>()
  const [lostFile, setLostFile] = useState<string>()
  const files = useRef(new Map<string, File>()).current

  // Once, after the server's render has hydrated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once
  useEffect(() => {
    const element = formElementOf(rjsf.current)
    if (!element) return
    const typed = answersFromEntries(schema, entriesOf(element, schema))
    // A reload: the answers of this tab, under what was typed since.
    const saved = keepsAnswers ? savedAnswers.read(kind) : undefined
    const answers = { ...saved, ...typed }
    const fileInput = form.file && element.elements.namedItem(form.file.field)
    const chosen = fileInput instanceof HTMLInputElement ? fileInput.files?.[0] : undefined
    if (form.file && chosen) {
      files.set(form.file.field, chosen)
      answers[form.file.field] = chosen.name
    } else if (form.file && typeof answers[form.file.field] === 'string') {
      // A file chosen before the reload: the browser gives back its name only.
      setLostFile(answers[form.file.field] as string)
      delete answers[form.file.field]
    }
    setFormData(withoutHidden(answers))
    setEnhanced(true)
    const active = document.activeElement
    onHydrated(active && element.contains(active) ? active : null)
  }, [files])

  useEffect(() => {
    if (keepsAnswers && enhanced) savedAnswers.write(kind, formData)
  }, [kind, keepsAnswers, enhanced, formData])

  return {
    formData,
    enhanced,
    files,
    lostFile,
    fieldErrors,
    setFieldErrors,
    onChange(data: Answers) {
      // Merged into the latest answers, not put in their place: a keystroke handled while the
      // answers read from the page at hydration are still being rendered (React renders them
      // at a lower priority than the keystroke) comes with rjsf's older answers, which lack
      // what was typed before hydration; replacing would empty those fields. A cleared field is
      // in `data`, as undefined, so merging never brings an answer back.
      setFormData((latest) => withoutHidden({ ...latest, ...data }))
      // A message stays at its field until that answer changes.
      if (fieldErrors) {
        const changed = Object.keys(fieldErrors).filter((name) => data[name] !== formData[name])
        if (changed.length) {
          const rest = Object.fromEntries(Object.entries(fieldErrors).filter(([name]) => !changed.includes(name)))
          setFieldErrors(Object.keys(rest).length ? (rest as ErrorSchema<Answers>) : undefined)
        }
      }
    },
    /** Every answer, message and file gone (and this tab's copy). */
    clear() {
      files.clear()
      setLostFile(undefined)
      setFieldErrors(undefined)
      setFormData(initial)
      if (keepsAnswers) savedAnswers.write(kind, {})
    },
  }
}

/** The answers in the page's form fields (files aside), by the schema's field names. */
function entriesOf(element: HTMLFormElement, schema: RJSFSchema): Entry[] {
  const entries: Entry[] = []
  for (const [name, value] of new FormData(element))
    if (typeof value === 'string' && Object.hasOwn(schema.properties ?? {}, name)) entries.push([name, value])
  return entries
}

/**
 * The steps of a form in steps, and where focus goes: the step shown lives in the history entry
 * (the one the form opened on until the entry says it too); after the render that shows a step,
 * or the errors at its fields, focus goes to the field asked for, else, when the step changed,
 * to its heading, which announces it. Enter in a field goes to the next step.
 */
export function useSteps({
  kind,
  count,
  stepped,
  submitting,
  stepOf,
  rjsf,
  next,
}: {
  kind: FormKind
  /** The steps with the review; 0 for a one-page form. */
  count: number
  stepped: boolean
  submitting: boolean
  stepOf: (name: string) => number
  rjsf: RefObject<Form<Answers> | null>
  /** What Next does (checks the step, then shows the next one). */
  next: () => void
}) {
  // Where focus goes once `step` is shown: a field, or the step's heading.
  const pendingFocus = useRef<{ step: number; field?: string }>(undefined)
  const [historyStep, goToStep] = useStepHistory()
  const [landing, setLanding] = useState<number>()
  const step = stepped ? Math.min(landing ?? historyStep ?? 0, count - 1) : -1
  const headingId = `${kind}-step-heading`

  // A change of entry ends the landing (not the first render's: hydration may land meanwhile).
  const entry = useRef(historyStep)
  useEffect(() => {
    if (entry.current === historyStep) return
    entry.current = historyStep
    setLanding(undefined)
  }, [historyStep])

  // The counting code hears each step reached after the first (a form started counts that one).
  const reached = useRef(new Set<number>())
  useEffect(() => {
    if (step <= 0 || reached.current.has(step)) return
    reached.current.add(step)
    announce({ kind: 'step', form: kind, step: step + 1 })
  }, [step, kind])

  const shownStep = useRef(step)
  useEffect(() => {
    // The fields are disabled while sending: focus waits for the render that enables them.
    if (submitting) return
    const changed = shownStep.current !== step && shownStep.current !== -1
    shownStep.current = step
    const pending = pendingFocus.current
    const target = pending?.step === step ? (pending.field ?? '') : changed ? '' : undefined
    if (pending?.step === step) pendingFocus.current = undefined
    if (target === undefined) return
    const focus = () => (target ? focusField(kind, target) : document.getElementById(headingId)?.focus())
    // rjsf renders a change of its formContext (the step shown) once more, from its own state,
    // after this effect: then the focus waits for that frame.
    if (stepped) requestAnimationFrame(focus)
    else focus()
  })

  const nextRef = useRef(next)
  nextRef.current = next
  // Enter in a field of a step goes to the next step; it does not send the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rjsf is a ref, the same object on every render
  useEffect(() => {
    const element = formElementOf(rjsf.current)
    if (!stepped || !element) return
    const onKey = (event: KeyboardEvent) => {
      const field = event.target
      if (event.key !== 'Enter' || !(field instanceof HTMLInputElement)) return
      if (/^(button|submit|reset|file)$/.test(field.type)) return
      event.preventDefault()
      nextRef.current()
    }
    element.addEventListener('keydown', onKey)
    return () => element.removeEventListener('keydown', onKey)
  }, [stepped])

  /** Shows a step (a new history entry) and focuses a field in it, or its heading, once rendered. */
  const show = (target: number, field?: string) => {
    pendingFocus.current = { step: target, field }
    if (target !== step) goToStep(target)
  }

  return {
    step,
    headingId,
    show,
    /** Shows the step that holds the field without a new history entry (focus stays on the field). */
    showStepOf(field: string) {
      const at = stepOf(field)
      if (at < 0 || at === step) return
      pendingFocus.current = { step: at, field }
      setLanding(at)
      goToStep(at, true)
    },
    /** At hydration: the visitor who was typing goes on in the step that holds that field. */
    land(active: Element | null) {
      const at = active ? stepOf((active as HTMLInputElement).name ?? '') : -1
      if (at >= 0 && at !== (historyStep ?? 0)) {
        setLanding(at)
        goToStep(at, true)
      }
    },
  }
}

/** Focus a field by name: the input itself, or the first option of a group of choices. */
export function focusField(kind: FormKind, name: string) {
  const target = document.getElementById(`${kind}-${name}`)
  ;(target instanceof HTMLFieldSetElement ? target.querySelector('input') : target)?.focus()
}

/**
 * Sending: one key per filled form (automatic retries and a second click reuse it, so the server
 * stores the submission once; any change to the answers makes a new one), the toasts, and the
 * status that says why nothing was sent.
 */
export function useSubmission({
  kind,
  form,
  texts,
  statusTexts,
  locale,
  phone,
  onSent,
  onRefused,
}: {
  kind: FormKind
  form: FormDefinition
  texts: { success: { title: string; text: string }; failure: { title: string; text: string } }
  statusTexts: { tooMany: PluralText; offline: string; failed: string }
  locale: string
  phone: { display: string; tel: string }
  onSent: () => void
  /** The function's messages at their fields. */
  onRefused: (fields: FieldError[]) => void
}) {
  const [submitting, setSubmitting] = useState(false)
  const [status, setStatus] = useState<ReactNode>(null)
  const attempt = useRef<{ snapshot: string; key: string } | undefined>(undefined)

  return {
    submitting,
    status,
    setStatus,
    /** Forgets the key: the next submission is a new one. */
    forget() {
      attempt.current = undefined
    },
    async send(payload: Answers, file: File | undefined) {
      if (submitting) return
      const snapshot = JSON.stringify([payload, file?.name, file?.size, file?.lastModified])
      if (attempt.current?.snapshot !== snapshot) attempt.current = { snapshot, key: crypto.randomUUID() }
      // Where the visit came from, unless the visitor refuses tracking (the function derives the channel).
      const sent = { ...payload, ...visitAttribution(), idempotencyKey: attempt.current.key }
      setSubmitting(true)
      setStatus(null)
      try {
        await submitForm(form.functionName, sent, file && form.file ? { field: form.file.field, file } : null)
        void toast({ ...texts.success, color: 'green' })
        announce({ kind: 'sent', form: kind })
        onSent()
      } catch (error) {
        console.error(`${form.functionName} failed`, error)
        void toast({ ...texts.failure, color: 'red' })
        const call = (
          <a href={`tel:${phone.tel}`} className="form__phone">
            {phone.display}
          </a>
        )
        if (error instanceof SubmissionError && error.fields.length) onRefused(error.fields)
        else if (error instanceof SubmissionError && error.status === 429) {
          const minutes = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 60_000))
          const text = pluralText(locale, statusTexts.tooMany, minutes, { minutes })
          setStatus(<Slots text={text} slots={{ phone: call }} />)
        } else if (error instanceof SubmissionError && error.status === undefined) {
          setStatus(<Slots text={statusTexts.offline} slots={{ phone: call }} />)
        } else setStatus(<Slots text={statusTexts.failed} slots={{ phone: call }} />)
      } finally {
        setSubmitting(false)
      }
    },
  }
}

async function toast(message: { title: string; text: string; color: string }) {
  const { showToast } = await import('./toast')
  showToast(message)
}
