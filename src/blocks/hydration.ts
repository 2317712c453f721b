// Partial hydration inside React. On a page's first load every block sits in its own Suspense
// boundary whose code is a separate chunk; React keeps a boundary's server HTML untouched until
// that code is ready. So a static block's code never loads, and an interactive one loads when
// its policy says: in view, when idle, or at the first pointer, key or focus inside it. A click
// on a block still waiting for its code is held, starts the block's hydration whatever its policy
// (the visitor is using it now), and is replayed once the block has hydrated (React itself drops
// it). That includes the clicks src/app/boot.js kept from before the app arrived: it replays them
// at 'app:ready' as synthetic clicks, with no pointer or key event that would wake the block.
// After the first client-side navigation, blocks render at once (the route loader has loaded
// their code).
//
// The layout's header and footer work the same way, as parts: they keep their server HTML until
// the first pointer, key or focus inside them (their links work meanwhile, spa-links.ts), and
// are rendered anew after the first navigation if nothing woke them.
import { nextTask } from '../measure/next-task'
import type { HydratePolicy } from './define'
import type { BlockComponents, BlockType, LoadedBlock } from './types'

/** Runs `run` in the browser's next idle moment; where it has no idle callbacks (WebKit), in a new task. */
export function whenIdle(run: () => void) {
  if (window.requestIdleCallback) window.requestIdleCallback(() => run())
  else void nextTask().then(run)
}

/**
 * Runs `each` on the items of `list`, one item per idle moment, so that background work (fetching
 * what the visitor may want next) never makes one long task. `list` is read at the first moment.
 */
export function eachWhenIdle<T>(list: () => readonly T[], each: (item: T) => void) {
  let items: T[] | undefined
  const step = () => {
    items ??= [...list()]
    const item = items.shift()
    if (item === undefined) return
    each(item)
    whenIdle(step)
  }
  whenIdle(step)
}

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

/** A part of the layout that hydrates like a block whose policy is 'interaction'. */
export type LayoutPart = 'header' | 'footer'
/**
 * A first-load block (its index on the page, or inside a slot of one its place, e.g. `0.aside.0`)
 * or a part of the layout.
 */
type Slot = number | string
type Registry = Record<
  BlockType,
  { load: () => Promise<AnyLoaded>; hydrate?: HydratePolicy; slots?: readonly string[] }
>
const isPart = (slot: Slot): slot is LayoutPart => slot === 'header' || slot === 'footer'

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
      parts: Partial<Record<LayoutPart, Element>>
      /** The block object rendered at each index (or place in a slot), once its gate exists. */
      blocks: Map<Slot, object>
      /** The first page's blocks as its embedded data holds them, by index. */
      pageBlocks: readonly object[]
      gates: Map<Slot, Tracked<unknown>>
      hydrated: Set<Slot>
      held: Map<Slot, Element[]>
      /** Slots a held click asked to hydrate now, and how to tell a gate already waiting. */
      woken: Set<Slot>
      wake: Map<Slot, () => void>
    }
  | undefined

/** The layout parts that hydrated during the first load (they are not rendered anew after it). */
const hydratedParts = new Set<LayoutPart>()

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
 * does not match that shape, interactive blocks hydrate on idle; so does a part not found.
 */
export function startFirstLoad(
  container: Element | null,
  pageBlocks: readonly object[] = [],
  parts: Partial<Record<LayoutPart, Element | null>> = {},
) {
  const elements = container ? [...container.children].filter((e) => !e.matches('.breadcrumbs')) : []
  firstLoad = {
    elements,
    parts: Object.fromEntries(Object.entries(parts).filter(([, element]) => element)),
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

/**
 * The first-load block or layout part that holds `node` and has not hydrated yet: the outermost
 * (a block in a slot waits for the block holding it first).
 */
function waitingSlot(node: Node): Slot | undefined {
  if (!firstLoad) return undefined
  const index = firstLoad.elements.findIndex((e) => e.contains(node))
  const part = (Object.keys(firstLoad.parts) as LayoutPart[]).find((p) => firstLoad?.parts[p]?.contains(node))
  const slot = index >= 0 ? index : part
  if (slot === undefined) return undefined
  if (!firstLoad.hydrated.has(slot)) return slot
  // Inside a hydrated block, the blocks of its slots, outermost first (React may hydrate a block
  // and leave a boundary inside it for later: the gate of a slot's block may not exist yet).
  const places: string[] = []
  for (
    let e = node instanceof Element ? node : node.parentElement;
    e && e !== firstLoad.elements[index];
    e = e.parentElement
  ) {
    const within = e.parentElement?.getAttribute('data-slot')
    if (within && e.parentElement) places.unshift(`${within}.${[...e.parentElement.children].indexOf(e)}`)
  }
  const hydrated = firstLoad.hydrated
  return places.find((place) => !hydrated.has(place))
}

// Capturing on window, before React (which would drop it): a click on a control of a block
// whose code is on its way is kept for that block. Links are left to the browser and the router.
function holdClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null
  if (!target || !firstLoad || target.closest('a[href]')) return
  const slot = waitingSlot(target)
  if (slot === undefined || firstLoad.gates.get(slot) === NEVER) return
  event.preventDefault()
  event.stopImmediatePropagation()
  const control = target.closest('button, input, select, textarea, label, summary, [role="button"]') ?? target
  firstLoad.held.set(slot, [...(firstLoad.held.get(slot) ?? []), control])
  // Its gate may not exist yet (hydration is a transition that has not reached the block).
  firstLoad.woken.add(slot)
  firstLoad.wake.get(slot)?.()
}

/** Called when the block at an index, or a layout part, has hydrated: the clicks held for it happen now. */
export function slotHydrated(slot: Slot) {
  if (isPart(slot) && firstLoad) hydratedParts.add(slot)
  if (!firstLoad || firstLoad.hydrated.has(slot)) return
  firstLoad.hydrated.add(slot)
  const held = firstLoad.held.get(slot) ?? []
  firstLoad.held.delete(slot)
  if (held.length)
    queueMicrotask(() => {
      for (const control of held) (control as HTMLElement).click()
    })
}

/**
 * Whether `node` is inside a block of the first page that React has not hydrated: React stops
 * a click aimed there (to replay it once hydrated), so nothing of the app sees it in time.
 */
export const isDehydrated = (node: Node): boolean => waitingSlot(node) !== undefined

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
/** A layout part wakes at a mouse over it too: a menu opens on hover, a link preloads its page. */
const PART_INTERACTIONS = [...INTERACTIONS, 'pointerover']

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

/**
 * What a layout part waits for on a first load (a pointer, key or focus inside it, or a held
 * click), or undefined when it renders at once.
 */
export function layoutPartGate(part: LayoutPart): Promise<unknown> | undefined {
  if (!firstLoad || typeof window === 'undefined') return undefined
  let gate = firstLoad.gates.get(part)
  if (!gate) {
    gate = track(when('interaction', firstLoad.parts[part], part, PART_INTERACTIONS))
    firstLoad.gates.set(part, gate)
  }
  return gate
}

/**
 * The key a layout part's boundary takes: the same while the first page's server HTML is in
 * place, and another after the first navigation when the part never hydrated. Hydrating it
 * then, with the next page's state, would not match its HTML: it is rendered anew instead.
 */
export const layoutPartKey = (part: LayoutPart): string =>
  firstLoad || hydratedParts.has(part) ? 'first-load' : 'rendered'

/**
 * When a block's code runs on a first load: its own policy; else, when a block in one of its
 * slots has one, the most eager of theirs (the slot's blocks render only inside it).
 */
export function policyOf(registry: BlockComponents, block: { type: BlockType }): HydratePolicy | undefined {
  const entry = (registry as unknown as Registry)[block.type]
  if (entry.hydrate || !entry.slots) return entry.hydrate
  const inner = entry.slots.flatMap((name) => {
    const value = (block as Record<string, unknown>)[name]
    return Array.isArray(value) ? (value as { type: BlockType }[]) : []
  })
  const policies = new Set(inner.map((b) => policyOf(registry, b)))
  return (['load', 'visible', 'idle', 'interaction'] as const).find((p) => policies.has(p))
}

/** The server HTML of the block at `place` (`count` blocks in its list), when the page has that shape. */
function serverElement(place: Slot, count: number): Element | undefined {
  if (!firstLoad) return undefined
  if (typeof place === 'number') return firstLoad.elements.length === count ? firstLoad.elements[place] : undefined
  const cut = place.lastIndexOf('.')
  const within = firstLoad.elements[0]?.parentElement?.querySelector(`[data-slot="${place.slice(0, cut)}"]`)
  return within?.children.length === count ? within.children[Number(place.slice(cut + 1))] : undefined
}

/** What the block at `index` (or place in a slot) waits for on a first load, or undefined when it renders at once. */
export function hydrationGate(
  registry: BlockComponents,
  block: { type: BlockType },
  index: Slot,
  count: number,
): Promise<AnyLoaded> | undefined {
  if (propless.has(block)) return NEVER
  if (!firstLoad || typeof window === 'undefined') return undefined
  const { type } = block
  let gate = firstLoad.gates.get(index) as Tracked<AnyLoaded> | undefined
  if (gate) return gate
  firstLoad.blocks.set(index, block)
  const policy = policyOf(registry, block)
  const element = serverElement(index, count)
  // A static block keeps its server HTML for good: the embedded page data does not even hold
  // its props (see the prerenderer), nor those of the blocks in its slots.
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
 * when a click on the slot's block or part has been held.
 */
function when(policy: HydratePolicy, element: Element | undefined, slot: Slot, events = INTERACTIONS): Promise<void> {
  return new Promise((resolve) => {
    const cleanups: (() => void)[] = []
    const done = () => {
      for (const cleanup of cleanups) cleanup()
      resolve()
    }
    if (firstLoad?.woken.has(slot)) return done()
    const wake = firstLoad?.wake
    wake?.set(slot, done)
    cleanups.push(() => wake?.delete(slot))
    if (element) cleanups.push(onInteractionWith(element, done, events))
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
