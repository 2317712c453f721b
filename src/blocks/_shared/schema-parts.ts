// Schema fragments shared by several blocks. Plain JSON Schema, `as const` so that
// json-schema-to-ts can derive the component prop types from them.
import { iconNames } from '../../icon-names'

export const heading = {
  type: 'string',
  minLength: 1,
  maxLength: 140,
  description: 'The section heading shown to visitors (every section has one).',
  examples: ['Why Choose Us'],
} as const

export const text = {
  type: 'string',
  minLength: 1,
  maxLength: 2000,
  description: 'A paragraph of text. Blank lines start a new paragraph.',
} as const

export const href = {
  type: 'string',
  pattern: '^(/|https?://|tel:|mailto:|#)',
  description: 'Where the link goes: a site address such as /contact-us, a full https:// address, tel: or mailto:.',
  examples: ['/contact-us'],
} as const

export const link = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'href'],
  properties: {
    label: { type: 'string', minLength: 1, maxLength: 80, description: 'The visible text of the link or button.' },
    href,
    variant: { enum: ['primary', 'secondary', 'phone'], description: 'How the button looks. `phone` adds a phone icon.' },
  },
} as const

export const icon = {
  enum: iconNames,
  description: 'An icon from the site icon set (see docs for the list).',
  examples: ['shield'],
} as const

export const image = {
  type: 'object',
  additionalProperties: false,
  required: ['src', 'alt', 'width', 'height'],
  properties: {
    src: { type: 'string', pattern: '^/', description: 'Path of an image in public/, e.g. /images/orlando.svg' },
    alt: { type: 'string', maxLength: 200, description: 'What the image shows, for screen readers. Empty string for a decorative image.' },
    width: { type: 'integer', minimum: 1, description: 'Intrinsic width in pixels (prevents layout shift).' },
    height: { type: 'integer', minimum: 1, description: 'Intrinsic height in pixels.' },
  },
} as const

export const anchorId = {
  type: 'string',
  pattern: '^[a-z][a-z0-9-]*$',
  description: 'Optional anchor so the section can be linked as /page#anchor.',
} as const
