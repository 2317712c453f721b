// Kept apart from icons.ts so that schemas (read at build time in Node) do not pull in React.
export const iconNames = [
  'anchor', 'award', 'brain', 'briefcase', 'building', 'calendar', 'car', 'check', 'clock', 'crown',
  'eye', 'file-search', 'flag', 'globe', 'graduation-cap', 'heart-pulse', 'house', 'landmark', 'lock',
  'mail', 'map-pin', 'medal', 'phone', 'plane', 'quote', 'radar', 'search', 'shield', 'shield-check',
  'ship', 'siren', 'star', 'target', 'user-check', 'users',
] as const

export type IconName = (typeof iconNames)[number]
