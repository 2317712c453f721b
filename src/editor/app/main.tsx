// The page editor (npm run edit, /_editor/): development only, never built into dist/.
import { MantineProvider } from '@mantine/core'
import { createRoot } from 'react-dom/client'
import { EditorApp } from './EditorApp'
// Mantine's default theme variables (its components' styles are written with them), no element styles.
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/dropzone/styles.css'
import './editor.css'

// Mantine for its dropzone (image-field.tsx): no global classes of its own.
createRoot(document.getElementById('editor')!).render(
  <MantineProvider forceColorScheme="light" withGlobalClasses={false}>
    <EditorApp />
  </MantineProvider>,
)
