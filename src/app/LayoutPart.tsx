import { memo, type ReactNode, Suspense, use, useLayoutEffect } from 'react'
import { type LayoutPart, layoutPartGate, layoutPartKey, slotHydrated } from '../blocks/hydration'

/**
 * Keeps a part of the layout in its server HTML on the first load until the visitor reaches
 * into it (blocks/hydration.ts): hydrating the header (some 30 links, two menus) and the footer
 * as the page loaded was most of the app's work then, for parts most visits never touch.
 */
function Gate({ part, children }: { part: LayoutPart; children: ReactNode }) {
  const gate = layoutPartGate(part)
  if (gate) use(gate)
  useLayoutEffect(() => slotHydrated(part), [part])
  return children
}

/**
 * The part in a Suspense boundary of its own. Memoized, so the layout rendering again never
 * hands a boundary still in its server HTML new children: React would hydrate it then.
 */
export function deferredPart(part: LayoutPart, render: () => ReactNode) {
  const Part = memo(function DeferredPart() {
    return (
      <Suspense>
        <Gate part={part}>{render()}</Gate>
      </Suspense>
    )
  })
  return function KeyedPart() {
    return <Part key={layoutPartKey(part)} />
  }
}
