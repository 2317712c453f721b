// Chromium keeps only the last --disable-features on its command line. The bench turns one more
// feature off in the browsers it measures, so that one switch must carry chrome-launcher's own
// list too, or the defaults (Translate, OptimizationHints, …) would silently come back on.
import * as chromeLauncher from 'chrome-launcher'
import { describe, expect, it } from 'vitest'
import { CHROMIUM_FLAGS, launchFlags } from '../../../bench/lighthouse'

const PREFIX = '--disable-features='
const featuresOf = (flags: string[]) =>
  flags.filter((flag) => flag.startsWith(PREFIX)).map((flag) => flag.slice(PREFIX.length).split(','))

describe('the browser the bench measures', () => {
  const flags = launchFlags()

  it('has one --disable-features, holding every default and the spare renderer', () => {
    const lists = featuresOf(flags)
    expect(lists).toHaveLength(1)
    const defaults = featuresOf(chromeLauncher.Launcher.defaultFlags()).flat()
    expect(defaults.length).toBeGreaterThan(0)
    expect(lists[0]).toEqual(expect.arrayContaining([...defaults, 'SpareRendererForSitePerProcess']))
    expect(new Set(lists[0]).size).toBe(lists[0].length)
  })

  it("keeps chrome-launcher's other defaults and the bench's own flags", () => {
    const others = (list: string[]) => list.filter((flag) => !flag.startsWith(PREFIX))
    expect(flags).toEqual(
      expect.arrayContaining([...others(chromeLauncher.Launcher.defaultFlags()), ...CHROMIUM_FLAGS]),
    )
  })
})
