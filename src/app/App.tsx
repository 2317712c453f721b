import { MantineProvider } from '@mantine/core'
import { RouterProvider } from '@tanstack/react-router'
import type { SiteRouter } from './router'

export function App({ router }: { router: SiteRouter }) {
  return (
    // No inline <style> from Mantine (the CSP allows no inline code): theme variables live in
    // src/styles/site.css and only the per-component Mantine styles we use are imported.
    <MantineProvider forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <RouterProvider router={router} />
    </MantineProvider>
  )
}
