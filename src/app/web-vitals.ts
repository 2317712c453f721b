// Core Web Vitals logged to the console (loaded after start-up, off the critical path).
import { nextTask } from '../blocks/hydration'

export async function reportWebVitals() {
  if (typeof PerformanceObserver === 'undefined') {
    console.log('Performance metrics are not available in this browser (no PerformanceObserver).')
    return
  }
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals')
  const log = ({ name, value, rating }: { name: string; value: number; rating: string }) =>
    console.log(`[web-vitals] ${name}: ${name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`} (${rating})`)
  // One observer per task: all five at once were a task of about 10 ms at load. Each reads the
  // entries buffered before it started, so none is missed.
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) {
    await nextTask()
    on(log)
  }
}
