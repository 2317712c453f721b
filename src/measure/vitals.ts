// Field speed: the web-vitals library's attribution build reports LCP, INP, CLS, FCP and TTFB,
// each with a short description of the element it names, to the counting code (src/measure/),
// which sends them with the page's other events when the page is hidden. Loaded after the
// counting code, itself loaded after the app's start: never on the page's critical path.
import { MAX_ELEMENT_LENGTH } from '../../common/measure/limits'
import { nextTask } from './next-task'

export interface VitalReport {
  metric: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB'
  value: number
  /** The element the metric names (the LCP image, the INP target, the largest shift), shortened. */
  element?: string
}

/** The last two steps of a CSS selector, at most MAX_ELEMENT_LENGTH characters: "section.hero>img.hero__image". */
export function shortElement(selector: string | undefined): string | undefined {
  if (!selector) return undefined
  const short = selector
    .split('>')
    .slice(-2)
    .join('>')
    .replace(/\p{Cc}/gu, '')
  return short ? short.slice(-MAX_ELEMENT_LENGTH) : undefined
}

export async function reportWebVitals(report: (vital: VitalReport) => void) {
  if (typeof PerformanceObserver === 'undefined') return
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals/attribution')
  const send = (metric: VitalReport['metric'], value: number, selector?: string) => {
    if (import.meta.env.DEV) console.log(`[web-vitals] ${metric}: ${value} ${selector ?? ''}`)
    const element = shortElement(selector)
    report({
      metric,
      value: Math.max(0, metric === 'CLS' ? value : Math.round(value)),
      ...(element ? { element } : {}),
    })
  }
  // One observer per task: all five at once were a task of about 10 ms at load. Each reads the
  // entries buffered before it started, so none is missed.
  await nextTask()
  onLCP((m) => send('LCP', m.value, m.attribution.target))
  await nextTask()
  onINP((m) => send('INP', m.value, m.attribution.interactionTarget))
  await nextTask()
  onCLS((m) => send('CLS', m.value, m.attribution.largestShiftTarget))
  await nextTask()
  onFCP((m) => send('FCP', m.value))
  await nextTask()
  onTTFB((m) => send('TTFB', m.value))
}
