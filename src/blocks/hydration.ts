// Partial hydration inside React. On a page's first load every block sits in its own Suspense
// boundary whose code is a separate chunk; React keeps a boundary's server HTML untouched until
// that code is ready. So a static block's code never loads, and an interactive one loads when
// its policy says: in view, when idle, or at the first pointer, key or focus inside it. A click
// on a block still waiting for its code is held, starts the block's hydration whatever its policy
// (the visitor is using it now), and is replayed once the block has hydrated (React itself drops
// it). That includes the clicks public/boot.js kept from before the app arrived: it replays them
// at 'app:ready' as synthetic clicks, with no pointer or key event that would wake the block.
// After the first client-side navigation, blocks render at once (the route loader has loaded
// their code).
import type { HydratePolicy } from './define'
import type { BlockComponents, BlockType, LoadedBlock } from './types'

/** A promise React's `use` reads synchronously once settled (React 19 honours `status`). */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown }

function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked = promise as Tracked<T>
  tracked.status = 'pending'
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled'
      tracked.value = value
    },
    (reason) => {
      tracked.status = 'rejected'
      tracked.reason = reason
    },
  )
  return tracked
}

type AnyLoaded = LoadedBlock<BlockType>
type Registry = Record<BlockType, { load: () => Promise<AnyLoaded>; hydrate?: HydratePolicy }>

const modules = new Map<BlockType, Tracked<AnyLoaded>>()

/** The block type's code, loaded once. */
export function loadBlock(registry: BlockComponents, type: BlockType): Promise<AnyLoaded> {
  let pending = modules.get(type)
  if (!pending) {
    pending = track((registry as unknown as Registry)[type].load())
    modules.set(type, pending)
    pending.catch(() => modules.delete(type))
  }
  return pending
}

// The first load: the element each block rendered on the server, and the promise that gates it.
let firstLoad:
  | {
      elements: Element[]
      /** The block object rendered at each index, once its gate exists. */
      blocks: Map<number, object>
      /** The first page's blocks as its embedded data holds them, by index. */
      pageBlocks: readonly object[]
      gates: Map<number, Tracked<AnyLoaded>>
      hydrated: Set<number>
      held: Map<number, Element[]>
      /** Blocks a held click asked to hydrate now, and how to tell a gate already waiting. */
      woken: Set<number>
      wake: Map<number, () => void>
    }
  | undefined

const NEVER = track(new Promise<never>(() => {}))

/**
 * The first page's static blocks, whose embedded data has no props. They keep their server HTML
 * after the first load too: while the next page is on its way the page on screen may render
 * again, and a block without its props must not render then (the next visit to that address
 * loads the page whole, in new block objects).
 */
const propless = new WeakSet<object>()

/**
 * Called before hydrating: `container` holds one element per block, in order, after the
 * breadcrumb trail, and `pageBlocks` are the blocks of the page's embedded data. When the HTML
 * does not match that shape, interactive blocks hydrate on idle.
 */
export function startFirstLoad(container: Element | null, pageBlocks: readonly object[] = []) {
  const elements = container ? [...container.children].filter((e) => !e.matches('.breadcrumbs')) : []
  firstLoad = {
    elements,
    blocks: new Map(),
    pageBlocks,
    gates: new Map(),
    hydrated: new Set(),
    held: new Map(),
    woken: new Set(),
    wake: new Map(),
  }
  window.addEventListener('click', holdClick, true)
}

/** Index of the first-load block that holds `node` and has not hydrated yet, or -1. */
function waitingBlock(node: Node): number {
  if (!firstLoad) return -1
  const index = firstLoad.elements.findIndex((e) => e.contains(node))
  return index >= 0 && !firstLoad.hydrated.has(index) ? index : -1
}

// Capturing on window, before React (which would drop it): a click on a control of a block
// whose code is on its way is kept for that block. Links are left to the browser and the router.
function holdClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null
  if (!target || !firstLoad || target.closest('a[href]')) return
  const index = waitingBlock(target)
  if (index < 0 || firstLoad.gates.get(index) === NEVER) return
  event.preventDefault()
  event.stopImmediatePropagation()
  const control = target.closest('button, input, select, textarea, label, summary, [role="button"]') ?? target
  firstLoad.held.set(index, [...(firstLoad.held.get(index) ?? []), control])
  // Its gate may not exist yet (hydration is a transition that has not reached the block).
  firstLoad.woken.add(index)
  firstLoad.wake.get(index)?.()
}

/** Called when the block at `index` has hydrated: the clicks held for it happen now. */
export function blockHydrated(index: number) {
  if (!firstLoad || firstLoad.hydrated.has(index)) return
  firstLoad.hydrated.add(index)
  const held = firstLoad.held.get(index) ?? []
  firstLoad.held.delete(index)
  if (held.length)
    queueMicrotask(() => {
      for (const control of held) (control as HTMLElement).click()
    })
}

/**
 * Whether `node` is inside a block of the first page that React has not hydrated: React stops
 * a click aimed there (to replay it once hydrated), so nothing of the app sees it in time.
 */
export const isDehydrated = (node: Node): boolean => waitingBlock(node) >= 0

/** Whether the page on screen is still the first one, hydrating block by block. */
export const isFirstLoad = () => firstLoad !== undefined

/** After the first navigation, blocks are rendered, not hydrated. */
export function endFirstLoad() {
  // A first-page block still waiting for its moment keeps its server HTML too: the page on screen
  // may render again while the next one loads, and a dehydrated boundary given new children is
  // hydrated at once, out of its policy's order (React #418 on leaving `/`, seen in CI). That
  // includes the blocks the hydration (a transition) has not even reached yet: rendered then
  // with their code but not their props (a static block's are not in the embedded data), they
  // would not match their HTML (#418 again, seen in CI under load, leaving `/` for /about-us).
  const blocks = [...(firstLoad?.pageBlocks.entries() ?? []), ...(firstLoad?.blocks ?? [])]
  for (const [index, block] of blocks) if (!firstLoad?.hydrated.has(index)) propless.add(block)
  firstLoad = undefined
  window.removeEventListener('click', holdClick, true)
}

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart']

/**
 * Calls `run` at the first pointer, key or focus inside `element` (or the events given); returns
 * what stops listening. On window, capturing: React stops an event aimed at a part it has not
 * hydrated (to replay it later) before it reaches the element itself.
 */
export function onInteractionWith(element: Element, run: () => void, types = INTERACTIONS): () => void {
  const listener = (event: Event) => {
    if (event.target instanceof Node && element.contains(event.target)) run()
  }
  for (const type of types) window.addEventListener(type, listener, { passive: true, capture: true })
  return () => {
    for (const type of types) window.removeEventListener(type, listener, { capture: true })
  }
}

/**
 * Calls `run` when `element` comes into view, or within `margin` of it (a CSS margin: '100%' is
 * a screen's height); returns what stops watching.
 */
export function onView(element: Element, run: () => void, margin?: string): () => void {
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && run(), {
    rootMargin: margin,
  })
  observer.observe(element)
  return () => observer.disconnect()
}

/** What the block at `index` waits for on a first load, or undefined when it renders at once. */
export function hydrationGate(
  registry: BlockComponents,
  block: { type: BlockType },
  index: number,
  count: number,
): Promise<AnyLoaded> | undefined {
  if (propless.has(block)) return NEVER
  if (!firstLoad || typeof window === 'undefined') return undefined
  const { type } = block
  let gate = firstLoad.gates.get(index)
  if (gate) return gate
  firstLoad.blocks.set(index, block)
  const policy = (registry as unknown as Registry)[type].hydrate
  const element = firstLoad.elements.length === count ? firstLoad.elements[index] : undefined
  // A static block keeps its server HTML for good: the embedded page data does not even hold
  // its props (see the prerenderer).
  if (!policy) {
    gate = NEVER
    propless.add(block)
  } else
    gate = track(
      when(policy, element, index)
        .then(() => loadBlock(registry, type))
        .then(async (loaded) => {
          await (loaded.preload as ((props: object) => Promise<void>) | undefined)?.(block)
          return loaded
        }),
    )
  firstLoad.gates.set(index, gate)
  return gate
}

/**
 * Resolves when the policy's moment comes for `element` (or on idle when it is unknown), or
 * when a click on the block at `index` has been held.
 */
function when(policy: HydratePolicy, element: Element | undefined, index: number): Promise<void> {
  return new Promise((resolve) => {
    const cleanups: (() => void)[] = []
    const done = () => {
      for (const cleanup of cleanups) cleanup()
      resolve()
    }
    if (firstLoad?.woken.has(index)) return done()
    const wake = firstLoad?.wake
    wake?.set(index, done)
    cleanups.push(() => wake?.delete(index))
    if (element) cleanups.push(onInteractionWith(element, done))
    if (policy === 'visible' && element && 'IntersectionObserver' in window) {
      cleanups.push(onView(element, done))
    } else if (policy === 'load') {
      done()
    } else if (policy !== 'interaction' || !element) {
      const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200))
      idle(done)
    }
  })
}
