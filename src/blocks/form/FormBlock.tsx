import { site } from 'virtual:site'
import type { FormKind } from '@site/forms/kinds'
import { useLocation } from '@tanstack/react-router'
import { Suspense, use, useEffect, useId } from 'react'
import type { FormProps } from '../../forms/JsonSchemaForm'
import { Slots } from '../../ui/Slots'
import { Paragraphs, Section } from '../_shared/Section'
import type { BlockProps, SlotProps } from '../types'
import { formCode, loadForm, pageIsHydrated } from './load-form'

/** On the server, the form's code is loaded before the page renders, so the form is prerendered. */
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
  texts,
  locale,
  thanks,
  translation,
  wording,
  values,
  inSlot,
}: BlockProps<'form'> & SlotProps) {
  const { phone, email } = site.company
  const page = useLocation({ select: (location) => location.pathname.replace(/(.)\/+$/, '$1') })
  const containerId = useId()
  const call = <a href={`tel:${phone.tel}`}>{phone.display}</a>
  useEffect(pageIsHydrated, [])
  return (
    <Section heading={heading} anchor={anchor} className={`form-block form-block--${form}`}>
      {/* A form in a slot (the hero's aside) opens over the page too (src/app/form-dialog.ts): this closes it there. */}
      {inSlot ? (
        <button type="button" className="form-block__close" data-close-dialog="" hidden>
          {texts.close}
        </button>
      ) : null}
      {intro ? <Paragraphs text={intro} className="block__intro" /> : null}
      {/* Shown by the function's answer to a form sent without JavaScript (#not-sent-…). */}
      {(
        [
          ['invalid', texts.notSentInvalid],
          ['busy', texts.notSentBusy],
          ['failed', texts.notSentFailed],
        ] as const
      ).map(([reason, text]) => (
        <p key={reason} id={`not-sent-${reason}`} className="form-block__not-sent" tabIndex={-1}>
          <Slots text={text} slots={{ phone: call }} />
        </p>
      ))}
      <div id={containerId} className="form-block__form">
        <Suspense
          fallback={
            // Only while the form's code loads after a client-side navigation.
            <p>
              <Slots text={texts.loading} slots={{ phone: call, email: <a href={`mailto:${email}`}>{email}</a> }} />
            </p>
          }
        >
          <LazyForm
            kind={form}
            container={containerId}
            texts={{ submitLabel, submittingLabel, success, failure }}
            siteTexts={texts}
            locale={locale}
            thanks={thanks}
            translation={translation}
            wording={wording}
            values={values}
            page={page}
            phone={phone}
          />
        </Suspense>
      </div>
    </Section>
  )
}

/**
 * Renders the form once its code is there. While hydrating a prerendered page, suspending
 * here leaves the form's server HTML untouched (and usable as a plain HTML form) until then.
 */
function LazyForm({ kind, container, ...props }: FormProps & { kind: FormKind; container: string }) {
  const Form = use(formCode(kind, () => document.getElementById(container)))
  return <Form {...props} />
}
