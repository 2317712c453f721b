// Served by the page editor's development server to a browser test
// (every-field-with-a-problem-says-so.test.ts): one of the editor's forms on its own, for a schema
// with every kind of field, mounted into the editor's page.
import { createRoot } from 'react-dom/client'
import type { Json } from '../../src/editor/app/api'
import { SchemaForm } from '../../src/editor/app/schema-forms'

export type Harness = {
  mountForm(props: { schema: Json; data: Json; problems: { at: string; message: string }[]; ui?: Json }): void
}

const harness: Harness = {
  mountForm({ schema, data, problems, ui }) {
    const container = document.createElement('div')
    container.id = 'harness'
    document.body.append(container)
    createRoot(container).render(
      <SchemaForm idPrefix="t" schema={schema} data={data} problems={problems} ui={ui} onChange={() => {}} />,
    )
  },
}
Object.assign(window, { harness })
