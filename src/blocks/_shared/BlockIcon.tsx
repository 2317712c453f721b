import type { IconName } from '../../icon-names'
import { icons } from '../../icons'

export function BlockIcon({ name, size = 28 }: { name?: IconName; size?: number }) {
  if (!name) return null
  const Icon = icons[name]
  return <Icon aria-hidden="true" focusable="false" size={size} className="icon" />
}
