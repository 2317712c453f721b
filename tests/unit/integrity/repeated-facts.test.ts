import { describe, expect, it } from 'vitest'
import { basePages, baseSite, check, page, where } from './integrity-fixture'

const CONTACT = 'pages/contact-us.yaml'
const contactWith = (blocks: string) => ({
  ...basePages(),
  'contact-us.yaml': page({
    title: 'Contact Our Protection Team in Confidence',
    description:
      'Call, write or request a confidential consultation with our licensed protection team; we reply within a day.',
    blocks,
  }),
})

describe('7. a page does not write out a fact that site.yaml holds', () => {
  it('"24/7" and the phone number written by hand are reported where they are written, with the placeholder to use', () => {
    const c = check(
      contactWith(`  - type: hero
    heading: Contact Us
    text: We answer 24/7 on (407) 555-0142, day and night.
    actions:
      - { label: Call us, href: "tel:+14075550142" }
`),
    )
    expect(c.messages).toEqual([
      `${where(c, CONTACT, '24/7')} blocks[0].text: "24/7" is written by hand; it is site.yaml's claims.response: write {{claims.response}} instead, so this text follows when the fact changes`,
      `${where(c, CONTACT, '(407) 555-0142')} blocks[0].text: "(407) 555-0142" is written by hand; it is site.yaml's company.phone.display: write {{company.phone.display}} instead, so this text follows when the fact changes`,
      `${where(c, CONTACT, '+14075550142')} blocks[0].actions[0].href: "+14075550142" is written by hand; it is site.yaml's company.phone.tel: write {{company.phone.tel}} instead, so this text follows when the fact changes`,
    ])
  })

  it('a folded paragraph is reported at the copy, on its own line', () => {
    const c = check(
      contactWith(`  - type: hero
    heading: Contact Us
    text: >-
      Our officers deploy within
      2-4 hours of your call.
`),
    )
    expect(c.messages).toEqual([
      `${where(c, CONTACT, '2-4 hours')} blocks[0].text: "2-4 hours" is written by hand; it is site.yaml's claims.emergencyDeployment: write {{claims.emergencyDeployment}} instead, so this text follows when the fact changes`,
    ])
  })

  it('placeholders pass; a longer fact is not also reported as the shorter one inside it; other numbers are not facts', () => {
    const c = check(
      contactWith(`  - type: hero
    heading: Contact Us
    text: "We answer {{claims.response}} and staff events in 24-48 hours; 1247 guests, 24/75 ratio."
`),
    )
    expect(c.messages).toEqual([
      `${where(c, CONTACT, '24-48 hours')} blocks[0].text: "24-48 hours" is written by hand; it is site.yaml's claims.standardDeployment: write {{claims.standardDeployment}} instead, so this text follows when the fact changes`,
    ])
  })

  it("site.yaml's own text (footer, navigation) is checked too, its facts are not", () => {
    const site = baseSite()
    const footer = site.footer as { credentials: string[] }
    footer.credentials = ['Veteran-owned and operated since 1994', 'Licence {{company.credentials.agency.number}}']
    const c = check(basePages(), site)
    expect(c.messages).toEqual([
      `${where(c, 'site.yaml', '1994', 'since 1994')} footer.credentials[0]: "1994" is written by hand; it is site.yaml's company.foundingYear: write {{company.foundingYear}} instead, so this text follows when the fact changes`,
    ])
  })
})
