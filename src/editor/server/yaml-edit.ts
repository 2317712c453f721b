// Saving a page the editor changed without reformatting the marketer's YAML: the file is parsed
// by the `yaml` library into its concrete syntax tree (every character kept: comments, key order,
// quoting, blank lines, flow style, anchors) and composed into a Document whose nodes point at
// their tokens (`keepSourceTokens`). Only the tokens of values that changed are rewritten; the
// rest of the file is printed back from its own source text, so an unchanged page is the same
// bytes and a changed heading is one changed line.
import { isDeepStrictEqual } from 'node:util'
import { Composer, CST, Document, isMap, isScalar, isSeq, type Node, Parser, parse, type Scalar, stringify } from 'yaml'

type Item = CST.CollectionItem
type Token = CST.Token
/** What every step of an edit reads: the document, to resolve aliases. */
type Context = { doc: Document.Parsed }

/** What new YAML is written like: the pages' own style (2 spaces, double quotes when needed). */
const WRITE = { indent: 2, lineWidth: 100, minContentWidth: 40 } as const

/** `text` with the values of `next` (the page's data as edited), changing only what differs. */
export function editYaml(text: string, next: unknown): string {
  const tokens = [...new Parser().parse(text)]
  const [doc] = [...new Composer({ keepSourceTokens: true }).compose(tokens)]
  const value = JSON.parse(JSON.stringify(next ?? null)) as unknown
  if (!doc || doc.errors.length) throw new Error('The file is not valid YAML; fix it on disk first.')
  if (isDeepStrictEqual(doc.toJS(), value)) return text
  const root = tokens.find((t): t is CST.Document => t.type === 'document')
  if (!root || !doc.contents) throw new Error('The file has no content to edit.')
  const replaced = apply(doc.contents as Node, value, { doc })
  if (replaced) root.value = replaced
  const edited = tokens.map((t) => CST.stringify(t)).join('')
  // Never write a file that says something else than the editor showed.
  if (!isDeepStrictEqual(parse(edited), value)) throw new Error('The edit could not be written faithfully.')
  return edited
}

/**
 * Makes `node`'s tokens say `next`. Returns a token to put in the node's place when the node's
 * own tokens cannot (another kind of value), else undefined.
 */
function apply(node: Node, next: unknown, context: Context): Token | undefined {
  if (isDeepStrictEqual(node.toJS(context.doc), next)) return undefined
  const token = node.srcToken as Token | undefined
  if (isScalar(node) && isScalarValue(next) && token && isScalarToken(token)) {
    setScalar(node, token, next)
    return undefined
  }
  if (isMap(node) && isObject(next) && token?.type === 'block-map') {
    editMap(node.items, token, next, context)
    return undefined
  }
  if (isSeq(node) && Array.isArray(next) && token?.type === 'block-seq') {
    editSeq(node.items as Node[], token, next, context)
    return undefined
  }
  // Another kind of value, a flow collection or an alias: written anew, in flow style, which
  // fits wherever the old value stood (after `key: ` or `- `).
  return flowToken(next)
}

function setScalar(node: Scalar, token: CST.FlowScalar | CST.BlockScalar, next: unknown) {
  const value = next === null ? '' : String(next)
  // A string that would read back as another type (a number, true, a date…) is quoted.
  const needsQuotes = typeof next === 'string' && parse(value) !== value
  const keepsType = !(needsQuotes && token.type === 'scalar')
  const type = keepsType ? node.type : 'QUOTE_DOUBLE'
  // afterKey: a block scalar's lines are indented past its key or dash (the token's own indent + 2).
  CST.setScalarValue(token, value, { afterKey: true, type: type as Scalar.Type, inFlow: false })
  if (token.type === 'block-scalar' && type === 'BLOCK_FOLDED') token.source = foldLines(token.source)
}

/**
 * A folded block scalar's long lines broken at single spaces, as the pages are written: in `>`
 * style a line break between two lines of text reads as one space, so the value is the same.
 */
function foldLines(source: string): string {
  return source
    .split('\n')
    .map((line) => {
      const indent = /^ */.exec(line)?.[0] ?? ''
      let rest = line.slice(indent.length)
      // A more-indented line is kept as written (its breaks are real ones).
      if (/^\s/.test(rest)) return line
      const lines: string[] = []
      while (indent.length + rest.length > WRITE.lineWidth) {
        const cut = rest.lastIndexOf(' ', WRITE.lineWidth - indent.length)
        if (cut <= 0 || rest[cut - 1] === ' ' || rest[cut + 1] === ' ' || rest[cut + 1] === undefined) break
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut + 1)
      }
      return [...lines, rest].map((l) => indent + l).join('\n')
    })
    .join('\n')
}

function editMap(
  pairs: { key: unknown; value: unknown }[],
  token: CST.BlockMap,
  next: Record<string, unknown>,
  context: Context,
) {
  const kept: Item[] = []
  const keys = new Set<string>()
  pairs.forEach((pair, i) => {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key)
    const item = token.items[i]
    if (!item || !Object.hasOwn(next, key)) return
    keys.add(key)
    const child = pair.value as Node | null
    // `key:` with nothing after it has no value token to edit: the pair is written anew.
    if (!child?.srcToken) {
      kept.push(next[key] === null ? item : createPair(key, next[key], token.indent))
      return
    }
    const replacement = apply(child, next[key], context)
    if (replacement) item.value = replacement
    kept.push(item)
  })
  const added = Object.keys(next).filter((key) => !keys.has(key))
  token.items = [...kept, ...added.map((key) => createPair(key, next[key], token.indent))] as CST.BlockMap['items']
  indentItems(token.items, token.indent, false)
}

/**
 * A sequence keeps the tokens of every item whose value is unchanged (moved or not), edits an
 * item in place when its position holds an item that is not kept elsewhere, and writes the rest
 * anew: moving a block moves its text, comments included.
 */
function editSeq(nodes: Node[], token: CST.BlockSequence, next: unknown[], context: Context) {
  const values = nodes.map((n) => n.toJS(context.doc))
  const used = new Set<number>()
  const source: (number | undefined)[] = next.map((value, i) => {
    const same = [i, ...values.keys()].find(
      (j) => !used.has(j) && j < values.length && isDeepStrictEqual(values[j], value),
    )
    if (same !== undefined) used.add(same)
    return same
  })
  const items = next.map((value, i): Item => {
    const from = source[i]
    if (from !== undefined) return token.items[from]
    if (i < nodes.length && !used.has(i) && isObject(value) === isObject(values[i])) {
      used.add(i)
      const item = token.items[i]
      const replacement = apply(nodes[i], value, context)
      if (replacement) item.value = replacement
      return item
    }
    return createSeqItem(value, token.indent)
  })
  token.items = items as CST.BlockSequence['items']
  indentItems(token.items, token.indent, true)
}

/**
 * The first item of a block collection is indented by what precedes the collection; every other
 * item by a space token at the start of its own line. After a move, each item gets what its new
 * place needs.
 */
function indentItems(items: Item[], indent: number, sequence: boolean) {
  items.forEach((item, i) => {
    const start = item.start
    const at = sequence ? start.findIndex((t) => t.type === 'seq-item-ind') : start.length
    const before = start[at - 1]
    const lineStart = at - 1 <= 0 || ['newline', 'comment'].includes(start[at - 2]?.type ?? '')
    if (i === 0) {
      if (before?.type === 'space' && at - 1 === 0) start.splice(at - 1, 1)
    } else if (before?.type !== 'space' || !lineStart) {
      start.splice(at, 0, { type: 'space', offset: 0, indent: 0, source: ' '.repeat(indent) })
    }
  })
}

/** A new `- value` item at `indent`, written like the pages are. */
function createSeqItem(value: unknown, indent: number): Item {
  return parsedItem(stringify([value], WRITE), indent, 'block-seq')
}

/** A new `key: value` item at `indent`. */
function createPair(key: string, value: unknown, indent: number): Item {
  return parsedItem(stringify({ [key]: value }, WRITE), indent, 'block-map')
}

function parsedItem(yaml: string, indent: number, type: 'block-seq' | 'block-map'): Item {
  const pad = ' '.repeat(indent)
  const text = yaml
    .split('\n')
    .map((line) => (line ? pad + line : line))
    .join('\n')
  const root = [...new Parser().parse(text)].find((t): t is CST.Document => t.type === 'document')
  const collection = root?.value
  if (collection?.type !== type || !collection.items[0]) throw new Error(`Could not write ${yaml}`)
  const item = collection.items[0]
  // The leading indentation was the document's: put it on the item, where indentItems looks.
  item.start = item.start.filter((t) => t.type !== 'space' || t !== item.start[0])
  return item
}

/** A value written in flow style (`[a, b]`, `{ a: 1 }`, a scalar), to stand where another value stood. */
function flowToken(value: unknown): Token {
  const doc = new Document(value)
  if (doc.contents && (isMap(doc.contents) || isSeq(doc.contents))) doc.contents.flow = true
  const text = doc.toString({ ...WRITE, lineWidth: 0, flowCollectionPadding: false }).replace(/\n$/, '')
  const root = [...new Parser().parse(text)].find((t): t is CST.Document => t.type === 'document')
  if (!root?.value) throw new Error(`Could not write ${text}`)
  return root.value
}

const isScalarToken = (token: Token): token is CST.FlowScalar | CST.BlockScalar =>
  ['scalar', 'single-quoted-scalar', 'double-quoted-scalar', 'block-scalar'].includes(token.type)

const isScalarValue = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
