import { site } from 'virtual:site'
import type { BlockProps } from '../types'
import { Paragraphs, Section } from '../_shared/Section'

// FORM SLOT: the schema-generated form (issue #4) mounts here. Until it does, and for
// visitors without JavaScript, the section offers the direct ways to reach the company.
export function FormBlock({ heading, intro, form, anchor }: BlockProps<'form'>) {
  const { phone, email } = site.company
  return (
    <Section heading={heading} anchor={anchor} className={`form-block form-block--${form}`}>
      {intro ? <Paragraphs text={intro} className="block__intro" /> : null}
      <div className="form-block__slot" data-form={form}>
        <p>
          {form === 'contact' ? 'To request a consultation now' : 'To apply now'}, call{' '}
          <a href={`tel:${phone.tel}`}>{phone.display}</a> or e-mail <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </div>
    </Section>
  )
}
