import type { ComponentType } from 'react'
import type { FormTexts } from '../../forms/SchemaForm'

type FormKind = 'contact' | 'application'
type FormComponent = ComponentType<{ texts: FormTexts }>

// Each form is its own chunk (rjsf, Mantine, its validator, supabase-js on submit), loaded
// by the route loader of a page that has one, before that page renders: on the server, so
// the form is in the prerendered HTML, and in the browser, so it hydrates in place.
const importers: Record<FormKind, () => Promise<{ default: FormComponent }>> = {
  contact: () => import('../../forms/contact-form'),
  application: () => import('../../forms/application-form'),
}
const loaded: Partial<Record<FormKind, FormComponent>> = {}

export async function loadForm(kind: FormKind): Promise<void> {
  loaded[kind] ??= (await importers[kind]()).default
}

export const loadedForm = (kind: FormKind): FormComponent | undefined => loaded[kind]
