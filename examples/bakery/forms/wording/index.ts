/** The messages' sentences in the bakery's languages, by locale code (the engine's are English: common/forms/messages.ts). */
import { ENGLISH, type Wording } from '../../../../common/forms/messages.ts'
import de from './de.json' with { type: 'json' }
import fr from './fr.json' with { type: 'json' }

export const WORDING: Readonly<Record<string, Wording>> = { fr, de }

/** The sentences in `locale` (a submission's `locale` answer), English when there are none. */
export const wordingOf = (locale: unknown): Wording =>
  typeof locale === 'string' && Object.hasOwn(WORDING, locale) ? WORDING[locale] : ENGLISH
