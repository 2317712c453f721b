// Stands in for rjsf's layout fields (LayoutGridField, LayoutHeaderField, LayoutMultiSchemaField)
// in the built bundle (src/vite/without-rjsf-layout-fields.ts leaves them out, about 2.5 KB gzip of the form's code).
// They render a form laid out by `ui:layoutGrid`, which our forms never use: their layout is our
// ObjectFieldTemplate's groups. A unit test keeps it so (tests/unit/forms/form-schemas-use-no-left-out-part.test.ts).
export default function LayoutFieldLeftOut(): never {
  throw new Error(
    "rjsf's layout fields (ui:layoutGrid, ui:field Layout…) are left out of the build: see vite.config.ts",
  )
}
