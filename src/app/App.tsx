import { RouterProvider } from '@tanstack/react-router'
import type { SiteRouter } from './router'

// Mantine is not part of the layout: only the form pages load it (with its provider and
// styles), so the pages without forms carry none of its weight.
export function App({ router }: { router: SiteRouter }) {
  return <RouterProvider router={router} />
}
