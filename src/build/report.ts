// What a site build did (BuildReport), the failure that ends one (BuildFailure), and the one-line
// summary `npm run build` prints.
import type { Problem } from '../engine/problems'

/** The build's steps, in the order they end. */
export type StepName =
  | 'content'
  | 'images'
  | 'client'
  | 'server'
  | 'headings'
  | 'prerender'
  | 'sharing images'
  | 'site files'
  | 'service worker'
  | 'compression'

export type BuildReport = {
  /** The addresses of the pages written (each language's not-found page is written besides). */
  pages: string[]
  /**
   * Each step's milliseconds, from the end of the step before to its own. The sharing images are
   * drawn in worker threads from the end of the images step on: their step is what is left to wait
   * for, and their writing with the photos'.
   */
  steps: { step: StepName; ms: number }[]
  /** What the build caches spared: each figure of what was made anew, beside how many there were. */
  cache: {
    pagesRendered: number
    pagesWritten: number
    imagesRead: number
    imagesEncoded: number
    sharingImagesDrawn: number
    sharingImages: number
    filesCompressedAnew: number
    filesCompressed: number
    /** Not a cache figure, but the service worker's: the files it precaches. */
    filesPrecached: number
  }
  /** The problems found, warnings all: a build with an error fails. */
  problems: Problem[]
  ms: number
}

/**
 * A build that stopped: the site has problems that must be fixed first (`problems`, each at its
 * file:line:col), or Vite could not bundle it. `message` is what to print: the problems with
 * their YAML lines, or Vite's own message.
 */
export class BuildFailure extends Error {
  constructor(
    readonly step: StepName,
    message: string,
    readonly problems: readonly Problem[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'BuildFailure'
  }
}

/**
 * The summary's parts, each the steps it adds up (the headings check is part of prerendering,
 * the site files of the service worker's part) and the figures said with it.
 */
const SUMMARY: { label: string; steps: StepName[]; figures?: (cache: BuildReport['cache']) => string }[] = [
  { label: 'content', steps: ['content'] },
  { label: 'images', steps: ['images'], figures: (c) => `${c.imagesRead} read, ${c.imagesEncoded} encoded` },
  { label: 'client', steps: ['client'] },
  { label: 'server', steps: ['server'] },
  {
    label: 'prerender',
    steps: ['headings', 'prerender'],
    figures: (c) => `${c.pagesRendered} of ${c.pagesWritten} rendered`,
  },
  {
    label: 'sharing images',
    steps: ['sharing images'],
    figures: (c) => `${c.sharingImagesDrawn} of ${c.sharingImages} drawn`,
  },
  {
    label: 'service worker',
    steps: ['site files', 'service worker'],
    figures: (c) => `${c.filesPrecached} files precached`,
  },
  {
    label: 'compression',
    steps: ['compression'],
    figures: (c) => `${c.filesCompressed} files, ${c.filesCompressedAnew} compressed anew`,
  },
]

/** Each part of the summary as "label (figures) N ms", e.g. "prerender (N of N rendered) N ms". */
export function summaryLaps(report: BuildReport): string[] {
  const msOf = (steps: StepName[]) =>
    report.steps.filter((s) => steps.includes(s.step)).reduce((sum, s) => sum + s.ms, 0)
  return SUMMARY.map(({ label, steps, figures }) => {
    const said = figures ? ` (${figures(report.cache)})` : ''
    return `${label}${said} ${msOf(steps)} ms`
  })
}

/** The line `npm run build` ends with: "Built N pages (+404) in N ms (N ms per page): content N ms, …." */
export function summaryLine(report: BuildReport): string {
  const { ms } = report
  const pages = report.pages.length
  return `Built ${pages} pages (+404) in ${ms} ms (${(ms / pages).toFixed(1)} ms per page): ${summaryLaps(report).join(', ')}.`
}
