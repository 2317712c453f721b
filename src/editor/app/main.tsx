// The page editor (npm run edit, /_editor/): development only, never built into dist/.
// `#results` shows the Results view (src/editor/results/), loaded only when asked for.
import { MantineProvider } from '@mantine/core'
import { lazy, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { EditorApp } from './EditorApp'
// Mantine's default theme variables (its components' styles are written with them), no element styles.
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/dropzone/styles.css'
import './editor.css'

const ResultsView = lazy(() => import('../results/ResultsView').then((m) => ({ default: m.ResultsView })))
const root = createRoot(document.getElementById('editor')!)
const render = () =>
  root.render(
    window.location.hash === '#results' ? (
      <Suspense>
        <ResultsView />
      </Suspense>
    ) : (
      // Mantine for the image field's dropzone (image-field.tsx): no global classes of its own.
      <MantineProvider forceColorScheme="light" withGlobalClasses={false}>
        <EditorApp />
      </MantineProvider>
    ),
  )
window.addEventListener('hashchange', render)
render()
