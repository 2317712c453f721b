/**
 * The measurement's limits, one copy for the counting code (src/measure/), which keeps within
 * them, and the collect function, whose batch schema refuses anything past them.
 */

/** Events per batch, and bytes of a batch's body: small enough for a beacon sent as the page hides. */
export const MAX_EVENTS = 20
export const MAX_BATCH_BYTES = 8 * 1024

/** A site page as the site writes its address: lower-case words, digits and slashes. */
export const PAGE_PATTERN = '^/[a-z0-9/-]*$'
export const MAX_PAGE_LENGTH = 200

/** The referring site: its host name only, never its address. */
export const HOST_PATTERN = '^[a-z0-9.-]+$'
export const MAX_HOST_LENGTH = 253

/** A campaign's utm_source, utm_medium or utm_campaign. */
export const MAX_UTM_LENGTH = 100

/** The element a field-speed report names, shortened (src/measure/vitals.ts). */
export const MAX_ELEMENT_LENGTH = 100

/** The last step a form in steps may report. */
export const MAX_STEP = 50

/** A field-speed value: milliseconds (or CLS's score), below an hour. */
export const MAX_VITAL_VALUE = 3_600_000
