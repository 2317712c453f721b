// Writing a file so that a reader, or a crash, finds the old bytes or the new ones, never part of
// them: the bytes go to a temporary file beside it (the same folder, so the same file system), are
// flushed to the disk, and then take the file's name in one step.
import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

export type AtomicWriteOptions = {
  /**
   * false: a file already at that name is never replaced. The name is then taken by a hard link
   * rather than a rename, which fails with the code EEXIST when the name is taken.
   */
  overwrite?: boolean
}

/** Writes `data` to `file` atomically; its folder must exist. */
export function writeFileAtomically(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  // Unique across processes and across the threads of one (test workers share a process id), and
  // hidden from a listing of the folder.
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const descriptor = openSync(temporary, 'wx')
    try {
      writeFileSync(descriptor, data)
      // On the disk before the name points at it: after a crash, the name never holds a file cut short.
      fsyncSync(descriptor)
    } finally {
      closeSync(descriptor)
    }
    if (options.overwrite === false) linkSync(temporary, file)
    else renameSync(temporary, file)
  } finally {
    rmSync(temporary, { force: true })
  }
}
