/**
 * Résumé checks. The type is decided from the file's structure, never from the
 * name or the Content-Type the browser claims, and the stored MIME type and
 * extension are the detected ones.
 *
 * Accepted: PDF, and Word documents in the Office Open XML format (.docx)
 * without macros. Legacy Word 97-2003 files (.doc) are refused: they are
 * Compound File containers in which macros, embedded OLE objects and exploit
 * payloads can hide in many places, so a check of their directory would only
 * ever be partial, while every word processor of the last fifteen years saves
 * PDF or DOCX.
 */

export interface ResumeType {
  mime: string
  extension: 'pdf' | 'docx'
}

/** Why a file is refused: the sentence for it, in the submission's language, is in common/forms/messages.ts' Wording. */
export type ResumeRefusal = 'resumeNotAResume' | 'resumeLegacyWord' | 'resumeMacros'
export type ResumeCheck = { ok: true; type: ResumeType } | { ok: false; reason: ResumeRefusal }

const PDF_TYPE: ResumeType = { mime: 'application/pdf', extension: 'pdf' }
const DOCX_TYPE: ResumeType = {
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  extension: 'docx',
}

const NOT_A_RESUME = { ok: false, reason: 'resumeNotAResume' } as const
const LEGACY_WORD = { ok: false, reason: 'resumeLegacyWord' } as const
const MACROS = { ok: false, reason: 'resumeMacros' } as const

const PDF = [0x25, 0x50, 0x44, 0x46] // "%PDF"
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] // Compound File (legacy Office)
const ZIP_LOCAL_HEADER = 0x04034b50
const ZIP_CENTRAL_HEADER = 0x02014b50
const ZIP_END_OF_DIRECTORY = 0x06054b50

/** The Override a Word document's [Content_Types].xml gives its main part. */
const WORD_MAIN_PART = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'
/** More than any real document has; bounds the work a crafted directory can cause. */
const MAX_ZIP_ENTRIES = 5_000
const MAX_CONTENT_TYPES_BYTES = 256 * 1024

export async function inspectResume(bytes: Uint8Array): Promise<ResumeCheck> {
  if (startsWith(bytes, PDF)) return { ok: true, type: PDF_TYPE }
  if (startsWith(bytes, OLE)) return LEGACY_WORD
  if (bytes.length >= 4 && u32(bytes, 0) === ZIP_LOCAL_HEADER) return inspectDocx(bytes)
  return NOT_A_RESUME
}

interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  uncompressedSize: number
  localHeaderOffset: number
}

async function inspectDocx(bytes: Uint8Array): Promise<ResumeCheck> {
  const entries = centralDirectory(bytes)
  if (entries === null) return NOT_A_RESUME
  if (entries.some((entry) => baseName(entry.name).toLowerCase() === 'vbaproject.bin')) {
    return MACROS
  }
  const contentTypesEntry = entries.find((entry) => entry.name === '[Content_Types].xml')
  const contentTypes = contentTypesEntry ? await readEntryText(bytes, contentTypesEntry) : null
  if (contentTypes === null) return NOT_A_RESUME
  // A renamed .docm declares its main part as ms-word…macroEnabled.
  if (/macroEnabled/i.test(contentTypes)) return MACROS
  const names = new Set(entries.map((entry) => entry.name))
  const mainParts = [...contentTypes.matchAll(/<Override\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((element) => attribute(element, 'ContentType') === WORD_MAIN_PART)
    .map((element) => attribute(element, 'PartName')?.replace(/^\//, ''))
  return mainParts.some((part) => part !== undefined && names.has(part)) ? { ok: true, type: DOCX_TYPE } : NOT_A_RESUME
}

/** The zip's own table of contents (not a scan of the bytes, which any file name or content could fool). */
function centralDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const end = findEndOfDirectory(bytes)
  if (end === -1) return null
  const count = u16(bytes, end + 10)
  const size = u32(bytes, end + 12)
  let offset = u32(bytes, end + 16)
  if (count > MAX_ZIP_ENTRIES || offset + size > end) return null
  const decoder = new TextDecoder()
  const entries: ZipEntry[] = []
  for (let i = 0; i < count; i++) {
    if (offset + 46 > end || u32(bytes, offset) !== ZIP_CENTRAL_HEADER) return null
    const nameLength = u16(bytes, offset + 28)
    const extraLength = u16(bytes, offset + 30)
    const commentLength = u16(bytes, offset + 32)
    if (offset + 46 + nameLength > end) return null
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      method: u16(bytes, offset + 10),
      compressedSize: u32(bytes, offset + 20),
      uncompressedSize: u32(bytes, offset + 24),
      localHeaderOffset: u32(bytes, offset + 42),
    })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

function findEndOfDirectory(bytes: Uint8Array): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const last = bytes.length - 22
  for (let i = last; i >= 0 && i >= last - 65_535; i--) {
    if (u32(bytes, i) === ZIP_END_OF_DIRECTORY && i + 22 + u16(bytes, i + 20) === bytes.length) return i
  }
  return -1
}

async function readEntryText(bytes: Uint8Array, entry: ZipEntry): Promise<string | null> {
  const header = entry.localHeaderOffset
  if (header + 30 > bytes.length || u32(bytes, header) !== ZIP_LOCAL_HEADER) return null
  const start = header + 30 + u16(bytes, header + 26) + u16(bytes, header + 28)
  const data = bytes.subarray(start, start + entry.compressedSize)
  if (data.length !== entry.compressedSize || entry.uncompressedSize > MAX_CONTENT_TYPES_BYTES) return null
  if (entry.method === 0) return new TextDecoder().decode(data)
  if (entry.method !== 8) return null
  const inflated = await inflateCapped(data, MAX_CONTENT_TYPES_BYTES)
  return inflated === null ? null : new TextDecoder().decode(inflated)
}

/** Raw deflate, stopping past `cap` bytes whatever the header claimed (a zip bomb is refused, not expanded). */
async function inflateCapped(data: Uint8Array, cap: number): Promise<Uint8Array | null> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'))
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > cap) {
        await reader.cancel().catch(() => {})
        return null
      }
      chunks.push(value)
    }
  } catch {
    return null // corrupt deflate data
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

function attribute(element: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(element)?.[1] ?? undefined
}

function baseName(path: string): string {
  return path.split('/').pop() ?? path
}

/**
 * Keeps a readable base name with the detected extension: no directories,
 * control, format or bidirectional-override characters (which can make
 * "cv‮fdp.exe" display as "cvexe.pdf"), or odd punctuation.
 */
export function sanitizeFileName(name: string, extension: ResumeType['extension']): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .normalize('NFKC')
    // Cc: control characters; Cf: format characters, among them the bidi overrides and isolates.
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
  const stem = cleaned
    .replace(/\.[^.]*$/, '')
    .replace(/[. ]+$/, '')
    .slice(0, 200)
  return `${stem === '' ? 'resume' : stem}.${extension}`
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte)
}

function u16(bytes: Uint8Array, offset: number): number {
  return offset + 2 <= bytes.length ? bytes[offset] | (bytes[offset + 1] << 8) : -1
}

function u32(bytes: Uint8Array, offset: number): number {
  return offset + 4 <= bytes.length ? (u16(bytes, offset) | (u16(bytes, offset + 2) << 16)) >>> 0 : -1
}
