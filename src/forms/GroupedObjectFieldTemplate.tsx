import type { ObjectFieldTemplateProps } from '@rjsf/utils'

type Group = { title: string; description?: string; fields: string[] }

// Lays a long form out in titled groups (uiSchema `ui:options.groups`), each a <fieldset>
// with a <legend>, so people and screen readers know which part of the form they are in.
export function GroupedObjectFieldTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const groups = ((uiSchema?.['ui:options'] as { groups?: Group[] } | undefined)?.groups ?? []) as Group[]
  if (!groups.length) return <div className="form__fields">{properties.map((p) => p.content)}</div>
  const grouped = new Set(groups.flatMap((g) => g.fields))
  const rest = properties.filter((p) => !grouped.has(p.name))
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.title} className="form__group">
          <legend>{group.title}</legend>
          {group.description ? <p className="form__group-description">{group.description}</p> : null}
          <div className="form__fields">
            {group.fields.map((name) => properties.find((p) => p.name === name)?.content)}
          </div>
        </fieldset>
      ))}
      {rest.map((p) => p.content)}
    </>
  )
}
