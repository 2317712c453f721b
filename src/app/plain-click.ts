/**
 * The link a plain left click lands on, or undefined: not one a modifier key sends elsewhere (a
 * new tab, a download, a window) and not one something already handled.
 */
export function linkOfPlainClick(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined
  const link = (event.target as Element | null)?.closest?.('a[href]')
  return link instanceof HTMLAnchorElement ? link : undefined
}
