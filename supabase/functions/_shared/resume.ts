/**
 * Résumé checks. The type is decided from the file's first bytes, never from
 * the name or the Content-Type the browser claims, and the stored MIME type is
 * the detected one.
 */

export interface ResumeType {
  mime: string
  extension: 'pdf' | 'doc' | 'docx'
}

const PDF = [0x25, 0x50, 0x44, 0x46] // "%PDF"
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] // legacy Word (Compound File)
const ZIP = [0x50, 0x4b, 0x03, 0x04] // "PK\x03\x04"
// Every .docx carries entries under word/; their names are stored uncompressed
// in the zip headers, so a byte search finds them without unzipping.
const WORD_DIR = [0x77, 0x6f, 0x72, 0x64, 0x2f] // "word/"

export function detectResumeType(bytes: Uint8Array): ResumeType | null {
  if (startsWith(bytes, PDF)) return { mime: 'application/pdf', extension: 'pdf' }
  if (startsWith(bytes, OLE)) return { mime: 'application/msword', extension: 'doc' }
  if (startsWith(bytes, ZIP) && indexOf(bytes, WORD_DIR) !== -1) {
    return {
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
    }
  }
  return null
}

/** Keeps a readable base name: no directories, control characters or odd punctuation. */
export function sanitizeFileName(name: string, fallbackExtension: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .normalize('NFKC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f<>:"|?*]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(-200)
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? `resume.${fallbackExtension}` : cleaned
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte)
}

function indexOf(bytes: Uint8Array, needle: readonly number[]): number {
  const first = needle[0]
  for (let i = bytes.indexOf(first); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    if (needle.every((byte, j) => bytes[i + j] === byte)) return i
  }
  return -1
}
