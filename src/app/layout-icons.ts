// The icons of the header, footer and floating actions, by lucide name. The build writes one
// sprite symbol per name into every page (engine/icon-sprite.ts); LayoutIcon refers to them.
export const LAYOUT_ICONS = ['chevron-down', 'file-text', 'mail', 'map-pin', 'menu', 'phone', 'shield', 'x'] as const

export type LayoutIconName = (typeof LAYOUT_ICONS)[number]

export const spriteId = (name: LayoutIconName) => `icon-${name}`
