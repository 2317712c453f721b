// Imported by the boot script (src/app/boot.js) once the page has first painted; in the build,
// minified into dist/assets under a name with its digest (src/build/steps/prerender.ts).
//
// Sections after a page's first are not laid out for the first frame (content-visibility in
// src/styles/site.css): until they are, each counts as an estimated height, so the End key or a
// drag of the scrollbar would stop short of the page's real end (its smooth scroll lays out the
// sections it passes, which then grow the page under it). From the visitor's first input on, idle
// moments lay them out, from the top, as many as fit in each; a key lays out the rest at once,
// before its default action (End, Page Down). Not before the first input: a section that comes
// into view as it is laid out paints again, and that late paint became the page's largest
// contentful paint (LCP 1.6-2.1x the no-script page's in the bench). Then every section is laid
// out, also on the pages the app renders later: only a first load's first frame needs the deferral.

// Waits for events, not timers, so a page whose clock is paused (tests) still goes on.
const nextTask = (run) => {
  const channel = new MessageChannel()
  channel.port1.onmessage = run
  channel.port2.postMessage(null)
}
const idle = window.requestIdleCallback ?? ((run) => nextTask(() => run({ timeRemaining: () => 0 })))

function layOutSections() {
  const main = document.querySelector('main')
  if (!main) return
  const rule = document.createElement('style')
  document.head.append(rule)
  // A section laid out above the viewport changes the page's height above what the visitor sees
  // (its estimate is rarely its real height). Browsers with CSS scroll anchoring (Chromium,
  // Firefox) keep the view in place. WebKit has none: a visitor who had jumped to the FAQ found it
  // far off screen, once the sections above were laid out, by this script or by WebKit itself as
  // they neared the viewport. There the deferral cannot be kept: every section is laid out at
  // once, right after the first paint, and the view is held (the first section that starts in the
  // viewport, or what follows main, is measured before and after, and the page scrolled by the
  // difference, before the next frame paints), for a page opened at a #fragment.
  const style = (element) => (element ? getComputedStyle(element).overflowAnchor : undefined)
  const anchoring = style(document.documentElement) === 'auto' && style(document.body) !== 'none'
  if (!anchoring) {
    const anchor = [...main.children].find((section) => section.getBoundingClientRect().top >= 0)
    const top = () => (anchor ?? main).getBoundingClientRect()[anchor ? 'top' : 'bottom']
    const before = top()
    rule.textContent = 'main>.block{content-visibility:visible}'
    const moved = top() - before
    if (moved) window.scrollBy(0, moved)
    return
  }
  let laidOut = 0
  const layOut = (deadline) => {
    let took = 0
    do {
      const start = performance.now()
      laidOut++
      rule.textContent = `main>.block:nth-child(-n+${laidOut}){content-visibility:visible}`
      // Now, in this idle moment, rather than in the next frame.
      void main.offsetHeight
      took = performance.now() - start
      // The next section only if one like this one still fits: the task stays short.
    } while (laidOut < main.children.length && deadline.timeRemaining() > 2 * took)
    if (laidOut < main.children.length) idle(layOut)
    else rule.textContent = 'main>.block{content-visibility:visible}'
  }
  const inputs = ['pointerdown', 'touchstart', 'wheel', 'scroll']
  const stopListening = () => {
    for (const type of inputs) removeEventListener(type, begin, { capture: true })
  }
  const begin = () => {
    stopListening()
    if (laidOut === 0) idle(layOut)
  }
  const onKey = () => {
    removeEventListener('keydown', onKey, true)
    stopListening()
    laidOut = main.children.length
    rule.textContent = 'main>.block{content-visibility:visible}'
    void main.offsetHeight
  }
  addEventListener('keydown', onKey, true)
  for (const type of inputs) addEventListener(type, begin, { capture: true, passive: true })
}

layOutSections()
