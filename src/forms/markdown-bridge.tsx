// Stands in for `markdown-to-jsx/react` in the browser bundle (src/vite/config.ts aliases it here).
// rjsf 6 imports it for Markdown descriptions, which our forms never enable
// (`ui:enableMarkdownInDescription`); the real library is ~30 KB gzip of it. A bridge: rjsf 7
// makes Markdown opt-in (rjsf PR #5263), and this file and its alias go when we upgrade.
import type { ReactNode } from 'react'

/** The text as written: a form that enables Markdown would show its source, not lose it. */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>
}
