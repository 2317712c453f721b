/**
 * What the counting code (src/measure/) sends to the collect function: one visit's events, at
 * most 20, with the device class and how the visit came to the site. The function validates it
 * with a validator precompiled from this schema (batch-validator.gen.ts, `npm run schemas`), as
 * the forms' validators are precompiled for the browser, then checks each page against the site.
 */
import { FORM_KINDS, type FormKind } from '../../../../forms/kinds.ts'

export const EVENT_KINDS = ['view', 'call', 'email', 'start', 'step', 'sent', 'vital'] as const
export type EventKind = (typeof EVENT_KINDS)[number]
export const METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const
export type Metric = (typeof METRICS)[number]
export const DEVICES = ['mobile', 'tablet', 'desktop'] as const
export type Device = (typeof DEVICES)[number]
/** At most this many events per batch, and this many bytes of body. */
export const MAX_EVENTS = 20
export const MAX_BATCH_BYTES = 8 * 1024

export interface MeasureEvent {
  kind: EventKind
  page: string
  entry?: boolean
  form?: FormKind
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

const PAGE = { type: 'string', maxLength: 200, pattern: '^/[a-z0-9/-]*$' }
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$'
const UTM = { type: 'string', minLength: 1, maxLength: 100, pattern: PRINTABLE }

/** The visit's attribution, also the shape of the forms' attribution fields (forms/*\/schema.json). */
export const visitSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    landingPage: PAGE,
    referrerHost: { type: 'string', minLength: 1, maxLength: 253, pattern: '^[a-z0-9.-]+$' },
    utmSource: UTM,
    utmMedium: UTM,
    utmCampaign: UTM,
  },
} as const

export const batchSchema = {
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
          form: { enum: [...FORM_KINDS] },
          step: { type: 'integer', minimum: 1, maximum: 50 },
          metric: { enum: [...METRICS] },
          value: { type: 'number', minimum: 0, maximum: 3_600_000 },
          element: { type: 'string', maxLength: 100, pattern: PRINTABLE },
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
