// A phone photo, made by sharp for the tests instead of a binary kept in the repository: a
// 4000×3000 JPEG (about what a phone takes) of shapes and gradients with some grain, carrying
// what a phone writes into it: EXIF with the camera, the GPS position where it was taken, and
// an orientation (6: taken with the phone upright, stored on its side).
import sharp from 'sharp'

/** Where the photo says it was taken: a protected estate's position, the leak the pipeline must prevent. */
export const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '25/1 46/1 3060/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '80/1 7/1 5520/100',
}

export async function phonePhoto({
  width = 4000,
  height = 3000,
  orientation = 1,
  hue = 200,
}: {
  width?: number
  height?: number
  orientation?: number
  hue?: number
} = {}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${hue + 40},40%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    ${Array.from({ length: 24 }, (_, i) => {
      const x = (i * 997) % width
      const h = height * (0.25 + ((i * 37) % 40) / 100)
      return `<rect x="${x}" y="${height - h}" width="${width / 14}" height="${h}" fill="hsl(${(hue + i * 15) % 360},25%,${20 + (i % 5) * 8}%)"/>`
    }).join('')}
    ${Array.from({ length: 1500 }, (_, i) => {
      const x = (i * 7919) % width
      const y = height * 0.35 + ((i * 104729) % Math.round(height * 0.6))
      return `<rect x="${x}" y="${y}" width="${width / 160}" height="${height / 90}" fill="hsl(${(i * 47) % 360},${30 + (i % 50)}%,${30 + ((i * 13) % 60)}%)"/>`
    }).join('')}
    <circle cx="${width * 0.75}" cy="${height * 0.2}" r="${height / 10}" fill="hsl(45,90%,70%)"/>
  </svg>`
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .raw()
    .toBuffer()
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' }, IFD3: GPS })
    .toBuffer()
}
