import MantineCheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js'
import MantineRadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js'
import type { WidgetProps } from '@rjsf/utils'
import type { ComponentType } from 'react'

// rjsf's Mantine radio and checkbox groups always point aria-describedby at an error, a
// description and a help element, even when these are not rendered; a reference to a
// missing id is invalid HTML and leaves screen readers nothing to read. These wrappers
// reference only the elements that exist.
function describedByExisting(Widget: ComponentType<WidgetProps>) {
  return function DescribedWidget(props: WidgetProps) {
    const { id, rawErrors, schema, uiSchema, options } = props
    const refs = [
      rawErrors?.length ? `${id}__error` : '',
      // rjsf renders a description element for single-value fields only, not for lists.
      schema.description && schema.type !== 'array' ? `${id}__description` : '',
      uiSchema?.['ui:help'] ? `${id}__help` : '',
    ].filter(Boolean)
    return <Widget {...props} options={{ ...options, 'aria-describedby': refs.join(' ') || undefined }} />
  }
}

export const RadioWidget = describedByExisting(MantineRadioWidget)
export const CheckboxesWidget = describedByExisting(MantineCheckboxesWidget)
