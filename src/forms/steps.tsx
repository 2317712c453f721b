// A long form as steps, derived from its UI schema: with `ui:options.steps`, each group
// (`ui:options.groups`) is a step and a review of every answer is the last. One schema, one
// validator, one submission: the steps only choose which fieldset shows. The step is kept in the
// history entry's state (never the answers, which stay in this tab's sessionStorage), so the
// browser's Back and Forward move between steps and a reload returns to the same one.

import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { savedAnswersKey } from './saved-answers'

type Answers = Record<string, unknown>

export type Step = { title: string; fields: string[] }

type Property = { title?: string; type?: string; oneOf?: { const: unknown; title?: string }[]; items?: Property }

/**
 * The steps of a form whose UI schema asks for them: one per group, the fields no group names
 * (the file, the honeypot) joining the last, where the one-page form shows them too.
 */
export function stepsOf(uiSchema: UiSchema, schema: RJSFSchema): Step[] | undefined {
  const options = (uiSchema['ui:options'] ?? {}) as { steps?: boolean; groups?: Step[] }
  if (!options.steps || !options.groups?.length) return undefined
  const grouped = new Set(options.groups.flatMap((g) => g.fields))
  const order = (uiSchema['ui:order'] as string[] | undefined) ?? Object.keys(schema.properties ?? {})
  const rest = order.filter((name) => !grouped.has(name) && Object.hasOwn(schema.properties ?? {}, name))
  return options.groups.map((g, i) => ({
    title: g.title,
    fields: i === options.groups!.length - 1 ? [...g.fields, ...rest] : g.fields,
  }))
}

const STATE = 'formStep'

/**
 * The step of the current history entry, and a way to another one: a new entry through the
 * router (which knows then that only the state changed: no scroll to the top, no announcement
 * of a new page), or the same entry replaced. Read from the resolved location, so a Back or
 * Forward has had its scroll restored before the form moves focus to the step's heading.
 */
export function useStepHistory(): [number | undefined, (step: number, replace?: boolean) => void] {
  const router = useRouter()
  const step = useRouterState({ select: (s) => (s.resolvedLocation?.state as Answers | undefined)?.[STATE] })
  const go = (next: number, replace = false) =>
    void router.navigate({
      href: `${window.location.pathname}${window.location.search}`,
      state: (previous) => ({ ...previous, [STATE]: next }),
      resetScroll: false,
      hashScrollIntoView: false,
      replace,
    })
  return [typeof step === 'number' ? step : undefined, go]
}

// The answers of this tab, kept through a reload and gone with the tab (sessionStorage). A
// browser that refuses storage (private modes) simply keeps nothing.
export const savedAnswers = {
  read(kind: string): Answers | undefined {
    try {
      return JSON.parse(sessionStorage.getItem(savedAnswersKey(kind)) ?? 'null') ?? undefined
    } catch {
      return undefined
    }
  },
  write(kind: string, answers: Answers) {
    try {
      if (Object.keys(answers).length) sessionStorage.setItem(savedAnswersKey(kind), JSON.stringify(answers))
      else sessionStorage.removeItem(savedAnswersKey(kind))
    } catch {}
  },
}

/** The review's own words (site.yaml texts.form, in the page's language). */
export type ReviewTexts = { edit: string; noAnswers: string; yes: string; no: string }

/** An answer as the visitor chose it: the option's title rather than its value. */
function answerText(property: Property | undefined, value: unknown, texts: ReviewTexts): string {
  const title = (v: unknown) =>
    property?.oneOf?.find((o) => o.const === v)?.title ??
    property?.items?.oneOf?.find((o) => o.const === v)?.title ??
    String(v)
  if (Array.isArray(value)) return value.map(title).join(', ')
  if (typeof value === 'boolean') return value ? texts.yes : texts.no
  return title(value)
}

/** The last step: every answer given, by step, each step with a button back to it. */
export function Review({
  id,
  steps,
  answers,
  schema,
  skip,
  notes,
  texts,
  onEdit,
}: {
  id: string
  steps: Step[]
  answers: Answers
  schema: RJSFSchema
  /** Fields never listed: hidden by the rules, or the honeypot. */
  skip: ReadonlySet<string>
  /** What to say instead of an answer (the résumé lost with a reload). */
  notes: Readonly<Record<string, string>>
  texts: ReviewTexts
  onEdit: (step: number) => void
}) {
  const properties = (schema.properties ?? {}) as Record<string, Property>
  return (
    <div id={id} className="form__review">
      {steps.map((step, i) => {
        const rows = step.fields.filter((name) => !skip.has(name) && (answers[name] !== undefined || notes[name]))
        return (
          <section key={step.title} className="form__group" aria-labelledby={`${id}-${i}`}>
            <div className="form__review-head">
              <h4 id={`${id}-${i}`}>{step.title}</h4>
              <button type="button" className="form__edit" onClick={() => onEdit(i)}>
                {texts.edit}
                <span className="visually-hidden"> {step.title}</span>
              </button>
            </div>
            {rows.length ? (
              <dl>
                {rows.map((name) => (
                  <div key={name}>
                    <dt>{properties[name]?.title ?? name}</dt>
                    <dd>{notes[name] ?? answerText(properties[name], answers[name], texts)}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p>{texts.noAnswers}</p>
            )}
          </section>
        )
      })}
    </div>
  )
}
