// A yield to the browser, for work that must not add to the task it runs in: the field speed's
// observers (./vitals.ts), the app's start and the blocks' hydration. Here, in the lowest browser
// layer that needs it, so that the measurement imports nothing of the blocks above it.

/** Resolves in a new task, so the work after it is not added to the current one. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  // A message, not a timer: a page whose clock is paused (tests) still goes on.
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}
