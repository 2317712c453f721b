// Loaded before the app (a tiny external module, as the CSP allows no inline script): a tap on
// a button made before the app's code has arrived is remembered, and replayed once the app has
// taken over the page ('app:ready'). React then replays it on any part still hydrating.
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
