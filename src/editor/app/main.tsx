// The page editor (npm run edit, /_editor/): development only, never built into dist/.
// `#results` shows the Results view (src/editor/results/), loaded only when asked for.
import { lazy, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { EditorApp } from './EditorApp'
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
      <EditorApp />
    ),
  )
window.addEventListener('hashchange', render)
render()
