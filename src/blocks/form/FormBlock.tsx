import { site } from 'virtual:site'
import { Paragraphs, Section } from '../_shared/Section'
import type { BlockProps } from '../types'
import { loadedForm, loadForm } from './load-form'

/** A page with a form renders it in place: its code is loaded before the page renders. */
export const preload = ({ form }: BlockProps<'form'>) => loadForm(form)

export function FormBlock({
  heading,
  intro,
  form,
  anchor,
  submitLabel,
  submittingLabel,
  success,
  failure,
}: BlockProps<'form'>) {
  const Form = loadedForm(form)
  const { phone, email } = site.company
  return (
    <Section heading={heading} anchor={anchor} className={`form-block form-block--${form}`}>
      {intro ? <Paragraphs text={intro} className="block__intro" /> : null}
      {Form ? (
        <Form texts={{ submitLabel, submittingLabel, success, failure }} />
      ) : (
        // Only if the form's code could not load: the direct ways to reach the company.
        <p>
          Call <a href={`tel:${phone.tel}`}>{phone.display}</a> or e-mail <a href={`mailto:${email}`}>{email}</a>.
        </p>
      )}
    </Section>
  )
}
