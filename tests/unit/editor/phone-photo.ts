// A photo as a phone takes it, made with sharp for the tests of photo uploads: a JPEG with a
// camera's EXIF block, its GPS position (where it was taken) in EXIF and XMP, a wide-gamut colour
// profile and an orientation tag (the pixels stored sideways, turned upright by whoever shows them).
import sharp from 'sharp'

/** Where the photo says it was taken: a street in Orlando. */
export const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '28/1 32/1 4210/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '81/1 22/1 3790/100',
}

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/">
<dc:creator><rdf:Seq><rdf:li>Field Officer</rdf:li></rdf:Seq></dc:creator>
<exif:GPSLatitude>28,32.702N</exif:GPSLatitude><exif:GPSLongitude>81,22.632W</exif:GPSLongitude>
</rdf:Description></rdf:RDF></x:xmpmeta>`

/**
 * A width × height JPEG (as stored, before its orientation is applied) with EXIF, GPS and the
 * orientation tag; shapes in it so that it is not one flat colour.
 */
export async function phonePhoto({ width = 4000, height = 3000, orientation = 1 } = {}): Promise<Buffer> {
  const shapes = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="${width * 0.1}" y="${height * 0.2}" width="${width * 0.3}" height="${height * 0.5}" fill="#b45309"/>
    <circle cx="${width * 0.7}" cy="${height * 0.4}" r="${height * 0.2}" fill="#1d4ed8"/>
  </svg>`
  return (
    sharp({ create: { width, height, channels: 3, background: '#6b8e23' } })
      .composite([{ input: Buffer.from(shapes) }])
      .jpeg({ quality: 85 })
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Software: 'Camera 1.0' }, IFD3: GPS })
      .withMetadata({ orientation })
      // As a phone's editing app writes it: who, and where again (XMP carries GPS too).
      .withXmp(XMP)
      .withIccProfile('p3')
      .toBuffer()
  )
}

/** The tags of an EXIF block's first directory (IFD0), e.g. 0x8825 when it points to GPS data. */
export function exifTags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6)
  const little = tiff.toString('latin1', 0, 2) === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const ifd = u32(4)
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12))
}

/** IFD0's pointer to the GPS directory. */
export const GPS_POINTER = 0x8825

/** What sharp reads of a stored file's metadata blocks: none of them may be there. */
export async function metadataBlocks(file: string | Buffer) {
  const meta = await sharp(file).metadata()
  return {
    width: meta.width,
    height: meta.height,
    format: meta.format,
    orientation: meta.orientation,
    exif: meta.exif,
    xmp: meta.xmp,
    iptc: meta.iptc,
    icc: meta.icc,
  }
}

/** What metadataBlocks reads of a photo stored with nothing but its pixels: no orientation, EXIF, XMP, IPTC or colour profile. */
export const withoutMetadata = ({ width, height, format }: { width: number; height: number; format: string }) => ({
  width,
  height,
  format,
  orientation: undefined,
  exif: undefined,
  xmp: undefined,
  iptc: undefined,
  icc: undefined,
})
