// A form's steps are derived from its UI schema, never kept beside it: with `ui:options.steps`
// each group is a step, in order, titled as the group, and every field the browser renders is in
// exactly one step (the fields no group names, the résumé and the honeypot, in the last).
import type { RJSFSchema } from '@rjsf/utils'
import { describe, expect, it } from 'vitest'
import { browserSchema } from '../../../common/forms/define'
import { FORMS } from '../../../forms/registry'
import { rjsfUiSchema } from '../../../src/forms/derive'
import { stepsOf } from '../../../src/forms/steps'

const stepsOfForm = (kind: keyof typeof FORMS) => {
  const schema = browserSchema(FORMS[kind]) as RJSFSchema
  return { schema, steps: stepsOf(rjsfUiSchema(FORMS[kind], schema), schema) }
}

describe('steps from the UI schema', () => {
  it('the application: one step per group, titled as the group, every field in exactly one', () => {
    const { schema, steps } = stepsOfForm('application')
    const groups = (FORMS.application.uiSchema['ui:options'] as { groups: { title: string }[] }).groups
    expect(steps?.map((s) => s.title)).toEqual(groups.map((g) => g.title))
    const fields = steps?.flatMap((s) => s.fields) ?? []
    expect([...fields].sort()).toEqual(Object.keys(schema.properties ?? {}).sort())
    expect(new Set(fields).size).toBe(fields.length)
    expect(steps?.at(-1)?.fields).toEqual(expect.arrayContaining(['resume', 'website']))
  })

  it('the contact form stays on one page', () => {
    expect(stepsOfForm('contact').steps).toBeUndefined()
  })
})
