// The page's first and only script before the app (a tiny external module, as the CSP allows
// no inline script). The prerendered page is complete without JavaScript, so the app is not
// fetched until the page has loaded: it never takes bandwidth or time from first paint.
// Meanwhile a tap on a button is remembered and replayed once the app has taken over
// ('app:ready'); React then replays it on any part still hydrating.
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

// The app's entry, named by the build (npm run dev loads it itself). A message, not a timer,
// hands over after the load event, so a page whose clock is paused (tests) still starts.
const entry = document.querySelector('script[data-entry]')?.dataset.entry
if (entry) {
  const start = () => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => import(entry)
    channel.port2.postMessage(null)
  }
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}
