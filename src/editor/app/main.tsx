// The page editor (npm run edit, /_editor/): development only, never built into dist/.
import { createRoot } from 'react-dom/client'
import { EditorApp } from './EditorApp'
import './editor.css'

createRoot(document.getElementById('editor')!).render(<EditorApp />)
