// A problem found in the site's YAML, located precisely enough for a marketer to fix it: what the
// checks (src/engine) report and what the page editor's browser half shows at its field.
export type Problem = {
  file: string // relative to the project root, e.g. pages/index.yaml
  line: number // 1-based
  col: number // 1-based
  /** Where inside the file, e.g. blocks[2].items[0].title ('' for the whole file). */
  path: string
  message: string
  severity: 'error' | 'warning'
}
