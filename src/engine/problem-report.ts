// YAML problems as people read them: each with the lines around it, in the terminal, in a
// failed build and in Vite's error overlay.
import { join } from 'node:path'
import { codeFrameColumns } from '@babel/code-frame'
import type { ErrorPayload } from 'vite'
import wrapAnsi from 'wrap-ansi'
import { formatProblem, formatProblems, type Problem } from './problems'

const MAX_SNIPPETS = 30

/** The lines around `line`, the line marked and the column pointed at. */
export const codeFrame = (text: string, line: number, col: number) =>
  codeFrameColumns(text, { start: { line, column: col } }, { linesAbove: 2, linesBelow: 2 })

/** Every problem as `file:line:col path: message` followed by the YAML lines around it. */
export function problemSnippets(
  problems: readonly Problem[],
  textOf: (file: string) => string,
  width = Infinity,
): string {
  const texts = new Map<string, string | undefined>()
  const text = (file: string) => {
    if (!texts.has(file)) {
      try {
        texts.set(file, textOf(file))
      } catch {
        texts.set(file, undefined)
      }
    }
    return texts.get(file)
  }
  const shown = problems.slice(0, MAX_SNIPPETS).map((p) => {
    const source = text(p.file)
    const frame = source === undefined ? '' : `\n${codeFrame(source, p.line, p.col)}`
    const line = `${p.severity === 'error' ? '✖' : '⚠'} ${formatProblem(p)}`
    // The overlay's code frames do not wrap: long messages are broken at spaces, indented.
    const wrapped = Number.isFinite(width) ? wrapAnsi(line, width, { hard: false }).replace(/\n/g, '\n   ') : line
    return `${wrapped}${frame}`
  })
  const more = problems.length - shown.length
  if (more > 0) shown.push(`…and ${more} more: run \`npm run check\` to see them all.`)
  return shown.join('\n\n')
}

/** The summary line, then every problem with its snippet (for the terminal and build failures). */
export function problemsWithSnippets(problems: readonly Problem[], textOf: (file: string) => string): string {
  const errors = problems.filter((p) => p.severity === 'error').length
  const files = new Set(problems.map((p) => p.file)).size
  const header = `${errors} error${errors === 1 ? '' : 's'} in the site's YAML (${files} file${files === 1 ? '' : 's'}):`
  return `${header}\n\n${problemSnippets(problems, textOf)}`
}

/** Vite's error overlay: the list of every problem, then each one's YAML lines, then editor links. */
export function overlayError(
  root: string,
  problems: readonly Problem[],
  textOf: (file: string) => string,
): ErrorPayload['err'] {
  const first = problems.find((p) => p.severity === 'error') ?? problems[0]
  const file = join(root, first.file)
  return {
    message: `${formatProblems(problems)}\n\nFix them in your editor and save: this page reloads by itself.`,
    // Absolute file:line:col, which the overlay turns into links that open the editor there.
    stack: problems.map((p) => `${join(root, p.file)}:${p.line}:${p.col}  ${p.path || '(file)'}`).join('\n'),
    id: file,
    plugin: 'site-content',
    loc: { file, line: first.line, column: first.col },
    frame: problemSnippets(problems, textOf, 100),
  }
}
