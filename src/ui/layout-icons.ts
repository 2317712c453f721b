// The icons of the header, footer and floating actions, by lucide name. The build writes one
// sprite symbol per name into every page (src/engine/icon-sprite.ts); src/app/LayoutIcon.tsx refers to
// them. Here, below both, as the build and the app share them.
export const LAYOUT_ICONS = ['chevron-down', 'file-text', 'mail', 'map-pin', 'menu', 'phone', 'shield', 'x'] as const

export type LayoutIconName = (typeof LAYOUT_ICONS)[number]

export const spriteId = (name: LayoutIconName) => `icon-${name}`
