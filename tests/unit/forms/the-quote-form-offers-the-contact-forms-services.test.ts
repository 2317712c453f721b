// The quote form's services are the site's catalogue, as the contact form's are: a page presets
// the quote's service from the same values, and both are stored in leads.service, whose check
// lists them (supabase/migrations/20261122000000_leads_and_applications.sql).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FORMS } from '../../../forms/registry'

type Options = { oneOf: { const: string; title: string }[] }
const services = (kind: 'contact' | 'quote') => (FORMS[kind].schema.properties as Record<string, Options>).service.oneOf

describe('the quote form', () => {
  it('offers the contact form’s services, with the same titles, which the leads table accepts', () => {
    expect(services('quote')).toEqual(services('contact'))
    const check = /service text check \(service in \(([^)]*)\)/.exec(
      readFileSync('supabase/migrations/20261122000000_leads_and_applications.sql', 'utf8'),
    )?.[1]
    expect(check?.match(/'[^']+'/g)?.map((value) => value.slice(1, -1))).toEqual(services('quote').map((o) => o.const))
  })
})
