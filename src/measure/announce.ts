// How the forms tell the counting code what happened (a step of the application reached, a form
// sent and stored) without loading it: a DOM event, heard only where the counting code runs.
import type { MeasureEvent } from '../../common/measure/batch'

export const MEASURE_EVENT = 'measure'

export function announce(event: Omit<MeasureEvent, 'page'>) {
  document.dispatchEvent(new CustomEvent(MEASURE_EVENT, { detail: event }))
}
