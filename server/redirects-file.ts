// dist/_redirects, in the format static hosts read ("/from /to 301"), is the one list of
// redirects the production server and any CDN share.
export type Redirect = { from: string; to: string }

export function formatRedirects(redirects: readonly Redirect[]): string {
  return `${redirects.map((r) => `${r.from} ${r.to} 301`).join('\n')}\n`
}

export function parseRedirects(text: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const line of text.split('\n')) {
    const [from, to] = line.trim().split(/\s+/)
    if (from?.startsWith('/') && to) map.set(from, to)
  }
  return map
}
