import { useEffect, useState } from 'react'

/**
 * False during the server render and the hydrating render, true afterwards. State that
 * only the browser knows (the address's query) is applied after hydration, so the first
 * browser render matches the prerendered HTML.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
