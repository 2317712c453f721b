/**
 * The messages' sentences in each language but English (which common/forms/messages.ts holds), by
 * locale code. The functions and the build read this; a page's form gets its language's
 * sentences from the build, so no page ships another language's.
 */
import type { Wording } from '../../common/forms/messages.ts'
import es from './es.json' with { type: 'json' }

export const WORDING: Readonly<Record<string, Wording>> = { es }
