// What the page editor takes as a photo, known to its page (image-field.tsx, which refuses a file
// too large before sending it) and to its server (photo-upload.ts, which decides).

/** The largest file taken: over it, the request is refused before its body is read. */
export const MAX_PHOTO_BYTES = 30 * 1024 * 1024
/** The long side of a stored photo: more than any screen shows (the build makes smaller variants). */
export const MAX_PHOTO_SIDE = 4000
/** A raster photo's file (a drawing is an SVG). */
export const PHOTO_FILE = /\.(jpe?g|png|webp|avif)$/i
