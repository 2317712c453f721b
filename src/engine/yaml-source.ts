// Parses a YAML file and keeps the positions of its nodes, so that any problem found in
// the data can be reported at the file, line and column where a marketer must fix it.
import { type Document, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml'
import type { PathSegment, Problem } from './problems'
import { formatPath } from './problems'

export type YamlSource = {
  file: string
  /** The file's text, as written. */
  text: string
  data: unknown
  /** Problems of YAML syntax; when there are any, `data` is undefined. */
  syntaxProblems: Problem[]
  /** Line and column of the node at `path`, or of its nearest existing ancestor. */
  locate(path: readonly PathSegment[], part?: 'key' | 'value'): { line: number; col: number }
  /** Whether the file itself writes a value at `path` (false for a schema default). */
  has(path: readonly PathSegment[]): boolean
  /** The parsed document and its line counter, for finding a written text's exact place. */
  document(): ParsedYaml
}

type ParsedYaml = { doc: Document; lineCounter: LineCounter }

const parse = (text: string): ParsedYaml => {
  const lineCounter = new LineCounter()
  return { doc: parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true }), lineCounter }
}

export function parseYamlSource(file: string, text: string): YamlSource {
  const parsed = parse(text)
  const { doc, lineCounter } = parsed
  const syntaxProblems: Problem[] = doc.errors.map((e) => {
    const { line, col } = lineCounter.linePos(e.pos[0])
    return { file, line, col, path: '', message: `YAML syntax: ${firstLine(e.message)}`, severity: 'error' }
  })
  return sourceOf(file, text, syntaxProblems.length ? undefined : doc.toJS(), syntaxProblems, () => parsed)
}

/**
 * A source whose data was read before (the content cache): its text is parsed again only
 * when a problem must be located in it, so an unchanged file costs no YAML parse.
 */
export function cachedYamlSource(file: string, text: string, data: unknown, syntaxProblems: Problem[]): YamlSource {
  let parsed: ParsedYaml | undefined
  return sourceOf(file, text, data, syntaxProblems, () => (parsed ??= parse(text)))
}

function sourceOf(
  file: string,
  text: string,
  data: unknown,
  syntaxProblems: Problem[],
  document: () => ParsedYaml,
): YamlSource {
  return {
    file,
    text,
    data,
    syntaxProblems,
    locate(path, part = 'value') {
      const { doc, lineCounter } = document()
      return lineCounter.linePos(findOffset(doc, path, part))
    },
    has: (path) => document().doc.hasIn(path),
    document,
  }
}

function firstLine(message: string) {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')
}

function findOffset(doc: Document, path: readonly PathSegment[], part: 'key' | 'value'): number {
  let node: Node | null | undefined = doc.contents
  let offset = node?.range?.[0] ?? 0
  for (const [i, seg] of path.entries()) {
    const last = i === path.length - 1
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === seg)
      if (!pair) return offset
      const keyNode = pair.key as Node | null
      if (last && part === 'key' && keyNode?.range) return keyNode.range[0]
      node = pair.value as Node | null
      offset = node?.range?.[0] ?? keyNode?.range?.[0] ?? offset
    } else if (isSeq(node) && typeof seg === 'number') {
      const item = node.items[seg] as Node | undefined
      if (!item) return offset
      node = item
      offset = item.range?.[0] ?? offset
    } else {
      return offset
    }
  }
  return offset
}

export function problemAt(
  source: YamlSource,
  path: readonly PathSegment[],
  message: string,
  options: { part?: 'key' | 'value'; severity?: Problem['severity'] } = {},
): Problem {
  const { line, col } = source.locate(path, options.part)
  return { file: source.file, line, col, path: formatPath(path), message, severity: options.severity ?? 'error' }
}
