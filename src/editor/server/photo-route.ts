// The editor's route for a photo (POST photo?file=<page>&name=<file name>, its bytes as they are):
// checked and stored by photo-upload.ts, and answered once Vite's watcher has seen the new file,
// as the development server serves a new file of public/ only then: the preview that shows it at
// once finds it.
import { basename, dirname, join } from 'node:path'
import type { EditorHost } from './editor-content'
import { HttpError } from './http'
import { pageFile } from './page-files'
import { readUpload, storePhoto } from './photo-upload'
import type { StoredPhoto } from './protocol'
import { postRaw, type Route } from './routes'

/** The longest a stored photo's answer waits for Vite's watcher to see the new file. */
const WATCHER_WAIT_MS = 3000

export function photoRoute(root: string, host: EditorHost): Route {
  return postRaw('photo', async (request, query) => {
    const file = String(query.get('file'))
    pageFile(root, file)
    if (!String(request.headers['content-type']).startsWith('application/octet-stream'))
      throw new HttpError(415, 'Send the photo as application/octet-stream.')
    return seenByWatcher(host.watcher, join(root, 'public'), async () =>
      storePhoto(root, file, query.get('name') ?? '', await readUpload(request)),
    )
  })
}

/** The photo `store` stored under `publicDir`, once the watcher has seen its file (or the wait is over). */
async function seenByWatcher(
  watcher: EditorHost['watcher'],
  publicDir: string,
  store: () => Promise<StoredPhoto>,
): Promise<StoredPhoto> {
  const added = new Set<string>()
  let waiting: ((path: string) => void) | undefined
  const onAdd = (path: string) => {
    added.add(path)
    waiting?.(path)
  }
  watcher.on('add', onAdd)
  try {
    const photo = await store()
    const full = join(publicDir, photo.src)
    if (!added.has(full) && !(watcher.getWatched()[dirname(full)] ?? []).includes(basename(full)))
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, WATCHER_WAIT_MS)
        waiting = (path) => {
          if (path === full) resolve(clearTimeout(timer))
        }
      })
    return photo
  } finally {
    watcher.off('add', onAdd)
  }
}
