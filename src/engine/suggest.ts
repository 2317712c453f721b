import { closest, distance } from 'fastest-levenshtein'

/** The nearest of `candidates` to `input`, when it is close enough to be a likely typo. */
export function suggest(input: string, candidates: readonly string[]): string | undefined {
  if (!candidates.length) return undefined
  const best = closest(input, candidates as string[])
  const limit = Math.max(2, Math.floor(best.length / 3))
  return distance(input, best) <= limit ? best : undefined
}
