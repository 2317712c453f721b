import type { CSSProperties } from 'react'
import { preload } from 'react-dom'
import type { Picture as PictureData } from '../../content/picture'

/**
 * One image of a block, every block the same way. A photo the build made variants of
 * (src/build/steps/images.ts) is a <picture>: AVIF, then WebP, then its own format, each at several
 * widths, of which the browser takes the one `sizes` (the block's layout: how wide the image
 * is shown at each screen width) calls for. Its real size is written so the page does not
 * move when it arrives, and its average colour (a hero's blurred preview) fills the space
 * until then. `first` is the image the page shows first (a hero's): preloaded and fetched
 * before everything else; every other one waits until it is near the screen. Without variants
 * (a drawing, or a file just uploaded on the dev server) it is the file as it is.
 */
export function Picture({
  image,
  sizes,
  first = false,
  className,
}: {
  image: PictureData
  sizes: string
  first?: boolean
  className?: string
}) {
  const { built } = image
  const width = built?.width ?? image.width
  const height = built?.height ?? image.height
  const sources = built?.sources
  const fallback = sources?.at(-1)
  const loading = first
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const)
  const style: CSSProperties = {
    ...(image.focus ? { objectPosition: `${image.focus.x}% ${image.focus.y}%` } : {}),
    ...(built?.color ? { backgroundColor: built.color } : {}),
    ...(first && built?.preview ? { backgroundImage: `url(${built.preview})`, backgroundSize: 'cover' } : {}),
  }
  const img = (
    <img
      src={built?.src ?? image.src}
      srcSet={fallback?.srcset}
      sizes={fallback ? sizes : undefined}
      alt={image.alt}
      width={width}
      height={height}
      className={className}
      style={Object.keys(style).length ? style : undefined}
      {...loading}
    />
  )
  if (!sources || !fallback) return img
  // The best format the browser takes, preloaded from <head> (a browser without it skips the hint).
  if (first)
    preload(built.src!, {
      as: 'image',
      imageSrcSet: sources[0].srcset,
      imageSizes: sizes,
      type: sources[0].type,
      fetchPriority: 'high',
    })
  return (
    <picture>
      {sources.slice(0, -1).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
