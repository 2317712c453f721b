/**
 * What the counting code (src/measure/) sends to the collect function: one visit's events, at
 * most MAX_EVENTS, with the device class and how the visit came to the site. The function
 * validates it with a validator precompiled from this schema (batch-validator.gen.ts,
 * `npm run schemas`), as the forms' validators are precompiled for the browser, then checks each
 * page against the site.
 */
import {
  HOST_PATTERN,
  MAX_ELEMENT_LENGTH,
  MAX_EVENTS,
  MAX_HOST_LENGTH,
  MAX_PAGE_LENGTH,
  MAX_STEP,
  MAX_UTM_LENGTH,
  MAX_VITAL_VALUE,
  PAGE_PATTERN,
} from './limits.ts'

export const EVENT_KINDS = ['view', 'call', 'email', 'start', 'step', 'sent', 'vital'] as const
export type EventKind = (typeof EVENT_KINDS)[number]
export const METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const
export type Metric = (typeof METRICS)[number]
export const DEVICES = ['mobile', 'tablet', 'desktop'] as const
export type Device = (typeof DEVICES)[number]

export interface MeasureEvent {
  kind: EventKind
  page: string
  entry?: boolean
  /** The form's kind (forms/registry.ts): the site's forms are the schema's choices. */
  form?: string
  step?: number
  metric?: Metric
  value?: number
  element?: string
}

export interface VisitAttribution {
  landingPage?: string
  referrerHost?: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
}

export interface MeasureBatch {
  device: Device
  visit?: VisitAttribution
  events: MeasureEvent[]
}

const PAGE = { type: 'string', maxLength: MAX_PAGE_LENGTH, pattern: PAGE_PATTERN } as const
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$'
const UTM = { type: 'string', minLength: 1, maxLength: MAX_UTM_LENGTH, pattern: PRINTABLE } as const

/** The visit's attribution, also the shape of the forms' attribution fields (forms/*\/schema.json). */
export const visitSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    landingPage: PAGE,
    referrerHost: { type: 'string', minLength: 1, maxLength: MAX_HOST_LENGTH, pattern: HOST_PATTERN },
    utmSource: UTM,
    utmMedium: UTM,
    utmCampaign: UTM,
  },
} as const

/** The batch schema for a site whose forms are `formKinds`. */
export function batchSchema(formKinds: readonly string[]) {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'A batch of measurement events',
    type: 'object',
    additionalProperties: false,
    required: ['device', 'events'],
    properties: {
      device: { enum: [...DEVICES] },
      visit: visitSchema,
      events: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_EVENTS,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'page'],
          properties: {
            kind: { enum: [...EVENT_KINDS] },
            page: PAGE,
            entry: { type: 'boolean' },
            form: { enum: [...formKinds] },
            step: { type: 'integer', minimum: 1, maximum: MAX_STEP },
            metric: { enum: [...METRICS] },
            value: { type: 'number', minimum: 0, maximum: MAX_VITAL_VALUE },
            element: { type: 'string', maxLength: MAX_ELEMENT_LENGTH, pattern: PRINTABLE },
          },
          allOf: [
            { if: { properties: { kind: { enum: ['start', 'sent'] } } }, then: { required: ['form'] } },
            { if: { properties: { kind: { const: 'step' } } }, then: { required: ['form', 'step'] } },
            { if: { properties: { kind: { const: 'vital' } } }, then: { required: ['metric', 'value'] } },
          ],
        },
      },
    },
  } as const
}
