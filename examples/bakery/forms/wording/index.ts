/** The messages' sentences in the bakery's languages, by locale code (the engine's are English: common/forms/messages.ts). */
import type { Wording } from '../../../../common/forms/messages.ts'
import de from './de.json' with { type: 'json' }
import fr from './fr.json' with { type: 'json' }

export const WORDING: Readonly<Record<string, Wording>> = { fr, de }
