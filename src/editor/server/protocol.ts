// What the page editor's two halves agree on: where its server answers, how a write carries the
// token of this run of npm run edit, and what it takes as a photo. The browser half (app/) imports
// this module and nothing else of server/: it holds no code of Node.

/** The editor's page; its API answers under API_PATH, its preview frames' document at PREVIEW_PATH. */
export const EDITOR_PATH = '/_editor/'
export const API_PATH = `${EDITOR_PATH}api/`
export const PREVIEW_PATH = `${EDITOR_PATH}preview/`
/** The <meta> of the editor's page that holds the token, and the header every write carries it in. */
export const TOKEN_META = 'editor-token'
export const TOKEN_HEADER = 'x-editor-token'

/** The largest photo taken: over it, the request is refused before its body is read. */
export const MAX_PHOTO_BYTES = 30 * 1024 * 1024
/** The long side of a stored photo: more than any screen shows (the build makes smaller variants). */
export const MAX_PHOTO_SIDE = 4000
/** A raster photo's file (a drawing is an SVG). */
export const PHOTO_FILE = /\.(jpe?g|png|webp|avif)$/i
/** A photo as the server stored it for a page (server/photo-upload.ts). */
export type StoredPhoto = { src: string; width: number; height: number; bytes: number }
