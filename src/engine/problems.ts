// The problems found in the site's YAML: their type (src/content/problems.ts, which the browser
// may import too), and how they are printed.
import type { Problem } from '../content/problems'

export type { Problem }

export type PathSegment = string | number

export function formatPath(segments: readonly PathSegment[]): string {
  return segments.reduce<string>(
    (out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg),
    '',
  )
}

export function formatProblem(p: Problem): string {
  const where = p.path ? ` ${p.path}:` : ''
  return `${p.file}:${p.line}:${p.col}${where} ${p.message}`
}

export function formatProblems(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === 'error').length
  const warnings = problems.length - errors
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const header = `${count(errors, 'error')}${warnings ? ` and ${count(warnings, 'warning')}` : ''} in the site's YAML:`
  return [header, ...problems.map((p) => `  ${p.severity === 'error' ? '✖' : '⚠'} ${formatProblem(p)}`)].join('\n')
}

export const hasErrors = (problems: readonly Problem[]) => problems.some((p) => p.severity === 'error')
