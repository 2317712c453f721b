import { imageLayouts } from '../_shared/image-layouts'
import { Picture } from '../_shared/Picture'
import type { BlockProps } from '../types'

export function PictureBlock({ image, caption }: BlockProps<'picture'>) {
  return (
    <figure className="picture-block">
      <Picture image={image} sizes={imageLayouts.aside.sizes} className="picture-block__image" />
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  )
}
