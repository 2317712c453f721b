// The one atomic write (src/engine/atomic-file.ts) that the content cache, the editor's saves and
// its photos use: the file holds the new bytes or the old ones, never a part; a write that may not
// overwrite leaves a file at that name as it was; no temporary file is ever left beside it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeFileAtomically } from '../../../src/engine/atomic-file'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'atomic-file-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const files = () => readdirSync(dir).sort()

describe('writing a file atomically', () => {
  it('writes a new file and replaces one there, leaving nothing beside it', () => {
    const file = join(dir, 'page.yaml')
    writeFileAtomically(file, 'title: First\n')
    expect(readFileSync(file, 'utf8')).toBe('title: First\n')
    writeFileAtomically(file, Buffer.from('title: Second\n'))
    expect(readFileSync(file, 'utf8')).toBe('title: Second\n')
    expect(files()).toEqual(['page.yaml'])
  })

  it('never overwrites when told not to: a taken name fails with EEXIST and keeps its bytes', () => {
    const file = join(dir, 'photo.jpg')
    writeFileAtomically(file, 'first', { overwrite: false })
    expect(() => writeFileAtomically(file, 'second', { overwrite: false })).toThrow(
      expect.objectContaining({ code: 'EEXIST' }),
    )
    expect(readFileSync(file, 'utf8')).toBe('first')
    expect(files()).toEqual(['photo.jpg'])
  })

  it('leaves no temporary file when the last step fails', () => {
    // A folder at the name: the rename onto it fails after the bytes were written beside it.
    mkdirSync(join(dir, 'taken'))
    writeFileSync(join(dir, 'taken', 'inside'), 'kept')
    expect(() => writeFileAtomically(join(dir, 'taken'), 'bytes')).toThrow()
    expect(files()).toEqual(['taken'])
    expect(readdirSync(join(dir, 'taken'))).toEqual(['inside'])
  })

  it('fails when the folder does not exist, writing nothing', () => {
    expect(() => writeFileAtomically(join(dir, 'missing', 'page.yaml'), 'bytes')).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    )
    expect(files()).toEqual([])
  })
})
