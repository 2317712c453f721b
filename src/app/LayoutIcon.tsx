// The layout's icons never change, so they are not icon components in the bundle: each is a
// <use> of a symbol in the SVG sprite that every page carries in its HTML (written by the
// build from the same lucide icons: engine/icon-sprite.ts).
import { type LayoutIconName, spriteId } from '../ui/layout-icons'

export function LayoutIcon({ name, size }: { name: LayoutIconName; size: number }) {
  return (
    <svg className="icon" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#${spriteId(name)}`} />
    </svg>
  )
}
