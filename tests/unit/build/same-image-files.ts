// What two runs of the image pipeline wrote, compared: the same files, byte for byte.
import { expect } from 'vitest'
import type { buildImages } from '../../../src/build/steps/images'

type Built = Awaited<ReturnType<typeof buildImages>>

/** `result` wrote the files `cold` wrote, no other, each with the same bytes. */
export function expectSameFiles(result: Built, cold: Built) {
  expect([...result.files.keys()].sort()).toEqual([...cold.files.keys()].sort())
  const differing = [...cold.files].filter(([file, bytes]) => !result.files.get(file)!.equals(bytes))
  expect(differing.map(([file]) => file)).toEqual([])
}
