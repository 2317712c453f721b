// The page's first and only script before the app, inlined into every prerendered page (its
// hash is in the CSP, which allows no other inline script). The prerendered page is complete
// without JavaScript, so the app is not fetched until the page has loaded and painted: it never
// takes bandwidth or time from first paint. Meanwhile a tap on a button is remembered and
// replayed once the app has taken over ('app:ready'); React then replays it on any part still
// hydrating.
const pending = []
const remember = (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null
  if (button && !button.disabled && button.type !== 'submit') pending.push(button)
}
document.addEventListener('click', remember, true)
document.addEventListener(
  'app:ready',
  () => {
    document.removeEventListener('click', remember, true)
    for (const button of pending.splice(0)) if (button.isConnected) button.click()
  },
  { once: true },
)

// Waits for events, not timers, so a page whose clock is paused (tests) still goes on.
const loaded = new Promise((resolve) => {
  if (document.readyState === 'complete') resolve()
  else window.addEventListener('load', resolve, { once: true })
})
// A page with nothing prerendered has nothing to paint first; a browser that does not report
// paints goes on at load.
const painted = new Promise((resolve) => {
  const Observer = window.PerformanceObserver
  if (!document.getElementById('root')?.firstElementChild) return resolve()
  if (!Observer?.supportedEntryTypes?.includes('paint')) return resolve()
  const observer = new Observer((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    resolve()
  })
  observer.observe({ type: 'paint', buffered: true })
})
const nextTask = (run) => {
  const channel = new MessageChannel()
  channel.port1.onmessage = run
  channel.port2.postMessage(null)
}

// The app's entry, named by the build (npm run dev loads it itself), fetched at once with the
// files it imports (`data-first`) and React DOM's client, which the app imports apart
// (`data-app`). The entry's imports are evaluated first, each in a task of its own, then the
// entry: evaluated together they were one long task.
const script = document.querySelector('script[data-entry]')?.dataset
const files = (list) => list?.split(' ').filter(Boolean) ?? []
const preload = (href) =>
  document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }))
const evaluate = ([file, ...rest]) =>
  file === undefined
    ? import(script.entry)
    : import(file).then(() => new Promise((resolve) => nextTask(() => resolve(evaluate(rest)))))
if (script?.entry)
  Promise.all([loaded, painted]).then(() =>
    nextTask(() => {
      for (const href of [...files(script.first), ...files(script.app)]) preload(href)
      evaluate(files(script.first))
    }),
  )

// What lays out the later sections (src/app/lay-out-sections.js) is fetched once the page has
// painted, not inlined: every byte here is on the way to first paint, and a page whose HTML
// outgrows what the first round trip carries (about 14 KB) paints a round trip later.
painted.then(() => import(script?.sections ?? '/lay-out-sections.js')).catch(() => {})
