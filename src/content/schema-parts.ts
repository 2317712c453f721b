// Schema fragments shared by several blocks. Plain JSON Schema, `as const` so that
// json-schema-to-ts can derive the component prop types from them.
// `description` is what editors show on hover and docs/blocks.md lists; `examples` are offered
// in completion. A block may spread a fragment and replace its description or examples.
import { iconNames } from '../icon-names'

export const heading = {
  type: 'string',
  minLength: 1,
  maxLength: 140,
  description:
    'The section heading, shown in large type at the top of the section (every section has one). A few words that say what the section is about; up to 140 characters.',
  examples: ['Why Choose Us', 'Our Services in Springfield'],
} as const

export const text = {
  type: 'string',
  minLength: 1,
  maxLength: 2000,
  description:
    'A paragraph of text. Leave a blank line to start a new paragraph. Site facts can be written as placeholders, e.g. {{company.phone.display}}.',
  examples: ['Careful, insured work for homes and businesses across the region, with a written quote before we start.'],
} as const

export const href = {
  type: 'string',
  pattern: '^(/|https?://|tel:|mailto:|#)',
  description: 'Where the link goes: a site address such as /contact-us, a full https:// address, tel: or mailto:.',
  examples: ['/contact-us', 'tel:{{company.phone.tel}}'],
} as const

export const link = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'href'],
  description: 'A button: its text (`label`), where it goes (`href`) and optionally its look (`variant`).',
  properties: {
    label: {
      type: 'string',
      minLength: 1,
      maxLength: 80,
      description: 'The text on the button: a short call to action of a few words (up to 80 characters).',
      examples: ['Request a Consultation', 'Call {{company.phone.display}}'],
    },
    href,
    variant: {
      enum: ['primary', 'secondary', 'phone'],
      description:
        'How the button looks: `primary` is the solid gold main button (used when left out), `secondary` an outlined, quieter one, and `phone` adds a phone icon (use it with a tel: link).',
      examples: ['secondary', 'phone'],
    },
  },
} as const

export const icon = {
  enum: iconNames,
  description:
    'Optional icon shown with this item. Write one icon name; the list of icon names is in docs/blocks.md#icons.',
  examples: ['shield', 'shield-check'],
} as const

export const image = {
  type: 'object',
  additionalProperties: false,
  required: ['src', 'alt'],
  description:
    'A picture: its file (`src`), a text alternative (`alt`) and optionally the point to keep in crops (`focus`). Its size is read from the file.',
  properties: {
    src: {
      type: 'string',
      pattern: '^/',
      description:
        'Path of the image file in public/, starting with /. A photo (JPEG, PNG, WebP or AVIF) is resized and converted for every screen at build time; an SVG drawing is shipped as it is.',
      examples: ['/images/team/founder.svg'],
    },
    alt: {
      type: 'string',
      maxLength: 200,
      description:
        'What the image shows, read aloud by screen readers and used by search engines (up to 200 characters). Write "" (empty) for a purely decorative image.',
      examples: ['Abstract portrait illustration of the director of protective operations'],
    },
    width: {
      type: 'integer',
      minimum: 1,
      description:
        "Optional: the image's real width in pixels. The build reads it from the file; when written, it must match the file.",
      examples: [400, 1200],
    },
    height: {
      type: 'integer',
      minimum: 1,
      description: "Optional: the image's real height in pixels (see `width`).",
      examples: [400, 675],
    },
    focus: {
      type: 'object',
      additionalProperties: false,
      required: ['x', 'y'],
      description:
        'Optional: the point of the photo to keep when it is cropped (a narrow frame, the sharing card), in percent from the left (`x`) and from the top (`y`); 50/50, the centre, when left out.',
      examples: [{ x: 50, y: 35 }],
      properties: {
        x: {
          type: 'integer',
          minimum: 0,
          maximum: 100,
          description: 'Percent from the left edge (0-100).',
          examples: [50],
        },
        y: {
          type: 'integer',
          minimum: 0,
          maximum: 100,
          description: 'Percent from the top edge (0-100).',
          examples: [35],
        },
      },
    },
  },
} as const

export const anchorId = {
  type: 'string',
  pattern: '^[a-z][a-z0-9-]*$',
  description:
    'Optional short name for this section, so a link can jump straight to it: anchor faq on /services is reached with /services#faq. Lowercase letters, digits and dashes, starting with a letter.',
  examples: ['faq', 'our-services'],
} as const
