// npm run docs: writes docs/blocks.md, the catalogue of every block a page can use, from the
// block schemas (src/blocks/<type>/definition.ts) and the page meta schema: what each block is
// for, its fields with types, limits and descriptions, and a YAML example to copy.
// A unit test (tests/unit/marketers/blocks-doc-is-fresh.test.ts) fails when the file is stale.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { stringify } from 'yaml'
import { pageMetaSchema } from '../src/content/page-meta-schema'
import type { SchemaNode } from '../src/content/schema-node'
import { blockSchemas } from '../src/engine/blocks'
import { iconNames } from '../src/icon-names'

export const BLOCKS_DOC = 'docs/blocks.md'

type Schema = SchemaNode

type Row = { field: string; type: string; required: boolean; about: string }

const code = (s: unknown) => `\`${String(s)}\``
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n+/g, ' ')
const isIconEnum = (values: readonly unknown[]) =>
  values.length === iconNames.length && values.every((v, i) => v === iconNames[i])

function range(min: number | undefined, max: number | undefined, unit: string): string {
  const one: Record<string, string> = { entries: 'entry', characters: 'character', '': '' }
  const of = (n: number) => `${n} ${n === 1 ? one[unit] : unit}`.trim()
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${of(min)}` : `${min}–${of(max)}`
  if (min !== undefined) return `at least ${of(min)}`
  if (max !== undefined) return `up to ${of(max)}`
  return ''
}

const patternHints: Record<string, string> = {
  '^(/|https?://|tel:|mailto:|#)': 'an address: /page, https://…, tel:, mailto: or #anchor',
  '^/': 'starts with /',
  '^[a-z][a-z0-9-]*$': 'lowercase letters, digits and dashes',
  '^[a-z0-9-]+$': 'lowercase letters, digits and dashes',
  '^\\d+ min$': 'like 5 min',
}

/** A readable type: "text, 1–140 characters", "list of 1–8 entries", "one of: `a`, `b`". */
function typeOf(schema: Schema): string {
  if (schema.const !== undefined) return code(schema.const)
  if (schema.enum) {
    if (isIconEnum(schema.enum)) return 'icon name (see [Icons](#icons))'
    return `one of: ${schema.enum.map(code).join(', ')}`
  }
  if (schema.oneOf) return schema.oneOf.map(typeOf).join(', or ')
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  const parts: string[] = []
  switch (type) {
    case 'string': {
      parts.push('text')
      const length = range(
        schema.minLength && schema.minLength > 1 ? schema.minLength : undefined,
        schema.maxLength,
        'characters',
      )
      if (length) parts.push(length)
      if (schema.minLength === 1) parts.push('not empty')
      if (schema.format === 'date') parts.push('a date YYYY-MM-DD')
      else if (schema.format) parts.push(`format ${schema.format}`)
      if (schema.pattern) parts.push(patternHints[schema.pattern] ?? `matching ${code(schema.pattern)}`)
      break
    }
    case 'integer':
    case 'number': {
      parts.push(type === 'integer' ? 'whole number' : 'number')
      const bounds = range(schema.minimum, schema.maximum, '')
      if (bounds) parts.push(bounds)
      break
    }
    case 'boolean':
      parts.push('`true` or `false`')
      break
    case 'array': {
      const count = range(schema.minItems, schema.maxItems, 'entries')
      parts.push(`list of ${schema.items ? itemsOf(schema.items) : 'entries'}`)
      if (count) parts.push(count)
      if (schema.uniqueItems) parts.push('no repeats')
      break
    }
    case 'object':
      parts.push(schema.properties ? 'group of fields (below)' : 'group of fields')
      break
    default:
      parts.push('any')
  }
  return parts.join(', ')
}

/** What a list holds: "groups (fields below)", "text (each up to 60 characters)". */
function itemsOf(items: Schema): string {
  if (isGroup(items)) return 'groups (fields below)'
  if (items.type === 'object') return 'groups of fields'
  if (items.oneOf) {
    const forms = items.oneOf.map((a) =>
      isGroup(a) ? `a group with ${(a.required ?? []).map((r) => code(`${r}:`)).join(', ')}` : typeOf(a).split(', ')[0],
    )
    return `entries, each ${forms.join(' or ')}`
  }
  const [kind, ...details] = typeOf(items).split(', ')
  return details.length ? `${kind} (each ${details.join(', ')})` : kind
}

const isGroup = (schema: Schema) => schema.type === 'object' && schema.properties !== undefined

/** One row per field, then the fields of nested groups as `parent.child` / `list[].child`. */
function rowsOf(schema: Schema, prefix = ''): Row[] {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const path = `${prefix}${name}`
    const about = [field.description ?? '']
    if (field.default !== undefined) about.push(`Default: ${code(field.default)}.`)
    const row: Row = {
      field: path,
      type: typeOf(field),
      required: required.has(name),
      about: about.filter(Boolean).join(' '),
    }
    const nested: Row[] = []
    if (isGroup(field)) nested.push(...rowsOf(field, `${path}.`))
    if (field.items && isGroup(field.items)) nested.push(...rowsOf(field.items, `${path}[].`))
    for (const alternative of field.items?.oneOf ?? [])
      if (isGroup(alternative)) nested.push(...rowsOf(alternative, `${path}[].`))
    return [row, ...nested]
  })
}

function table(rows: Row[]): string {
  return [
    '| field | type | required | what it is for |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${code(r.field)} | ${cell(r.type)} | ${r.required ? 'yes' : 'no'} | ${cell(r.about)} |`),
  ].join('\n')
}

function yamlBlock(value: unknown): string {
  return ['```yaml', stringify(value, { lineWidth: 0 }).trimEnd(), '```'].join('\n')
}

export function renderBlocksDoc(): string {
  const types = Object.keys(blockSchemas) as (keyof typeof blockSchemas)[]
  const out: string[] = [
    '# Blocks',
    '',
    '<!-- Generated by `npm run docs` (scripts/docs-blocks.ts) from src/blocks/*/definition.ts and src/content/page-meta-schema.ts. Do not edit by hand: a test fails when this file is stale. -->',
    '',
    'A page (`pages/**/*.yaml`) is its settings (`meta`) and a list of sections (`blocks`), top to bottom.',
    'Each block starts with `- type: <block type>`; the fields below go under it, indented to line up with `type`.',
    'Site facts are written as placeholders, e.g. `{{company.phone.display}}`; they come from `site.yaml`.',
    '`npm run dev` shows every block rendered from its example at <http://localhost:5173/_blocks>.',
    '',
    `Block types: ${types.map((t) => `[${t}](#${t})`).join(' · ')}`,
    '',
    '<a id="meta"></a>',
    '',
    '## Page settings (`meta`)',
    '',
    pageMetaSchema.description,
    '',
    table(rowsOf(pageMetaSchema as Schema, 'meta.')),
    '',
  ]
  for (const type of types) {
    const schema = blockSchemas[type] as Schema
    const example = schema.examples?.[0] as object | undefined
    out.push(
      `<a id="${type}"></a>`,
      '',
      `## \`${type}\`: ${schema.title}`,
      '',
      schema.description ?? '',
      '',
      table([{ field: 'type', type: code(type), required: true, about: 'Which block this is.' }, ...rowsOf(schema)]),
      '',
    )
    if (example) out.push('Example:', '', yamlBlock({ blocks: [{ type, ...example }] }), '')
  }
  out.push(
    '<a id="icons"></a>',
    '',
    '## Icons',
    '',
    'Fields of type *icon name* take one of these:',
    '',
    iconNames.map(code).join(', '),
    '',
  )
  return out.join('\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = join(process.cwd(), BLOCKS_DOC)
  writeFileSync(file, renderBlocksDoc())
  console.log(`wrote ${BLOCKS_DOC}`)
}
