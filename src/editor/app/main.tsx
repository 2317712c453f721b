// The page editor (npm run edit, /_editor/): development only, never built into dist/.
import { MantineProvider } from '@mantine/core'
import { createRoot } from 'react-dom/client'
import { EditorApp } from './EditorApp'
import '@mantine/dropzone/styles.css'
import './editor.css'

// Mantine's theme variables for its dropzone (image-field.tsx); no global styles of its own.
createRoot(document.getElementById('editor')!).render(
  <MantineProvider forceColorScheme="light" withGlobalClasses={false}>
    <EditorApp />
  </MantineProvider>,
)
