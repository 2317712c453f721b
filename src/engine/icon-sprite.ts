// The layout icons' SVG sprite, written into the HTML template before the app's root (React
// never touches it): lucide's own drawings, rendered once at build time, each as a <symbol>.
import { icons } from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { LAYOUT_ICONS, type LayoutIconName, spriteId } from '../ui/layout-icons'

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase())

function symbolOf(name: LayoutIconName): string {
  const icon = icons[pascal(name) as keyof typeof icons]
  if (!icon) throw new Error(`lucide has no icon named "${name}" (src/ui/layout-icons.ts)`)
  const svg = renderToStaticMarkup(createElement(icon))
  const match = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(svg)
  if (!match) throw new Error(`Unexpected markup for the "${name}" icon: ${svg.slice(0, 80)}`)
  // The drawing attributes (viewBox, stroke, …) carry over; size, class and aria do not.
  const attributes = match[1].replace(/\s(?:xmlns|width|height|class|aria-hidden)="[^"]*"/g, '')
  return `<symbol id="${spriteId(name)}"${attributes}>${match[2]}</symbol>`
}

/** The sprite: hidden, and never rendered itself, only through LayoutIcon's <use>. */
export function layoutIconSprite(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${LAYOUT_ICONS.map(symbolOf).join('')}</svg>`
}
