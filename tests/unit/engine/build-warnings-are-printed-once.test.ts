// npm run build runs two Vite builds (client, then server) in one process, each with its own
// site-content plugin, to which the site build hands the set of warnings already said. A YAML
// warning must still be printed once, not once per build.
import { cpSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createLogger, type InlineConfig, type Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { bundleConfigs } from '../../../src/build/steps/bundles'
import { siteContentStore } from '../../../src/engine/block-catalogue'
import { fixtureSite, validPage } from '../fixture-site'

type Hook = (this: unknown, ...args: unknown[]) => unknown

/** One Vite build's start, as Vite runs it: the site-content plugin of the build's config, configured and started. */
async function startBuild(root: string, config: InlineConfig, warn: (message: string) => void) {
  const plugin = (config.plugins ?? []).flat().find((p) => (p as Plugin | null)?.name === 'site-content') as Plugin
  ;(plugin.configResolved as Hook).call({}, { root, command: 'build', logger: { info() {} } })
  await (plugin.buildStart as Hook).call({
    warn,
    addWatchFile() {},
    error(error: unknown) {
      throw error
    },
  })
}

describe('build warnings', () => {
  it('are printed once across the client and the server build', async () => {
    // The real site with one more page that nothing links to (with noindex, a warning).
    const root = fixtureSite({})
    cpSync('pages', join(root, 'pages'), { recursive: true })
    symlinkSync(resolve('public'), join(root, 'public'))
    writeFileSync(
      join(root, 'pages/nobody-links-here.yaml'),
      validPage('Nobody Links Here').replace('meta:\n', 'meta:\n  noindex: true\n'),
    )
    // The plugin regenerates the block registries from the block folders first.
    cpSync('src/blocks', join(root, 'src/blocks'), { recursive: true })
    const warnings: string[] = []
    try {
      const cacheDir = join(root, '.cache')
      const { client, server } = bundleConfigs({
        root,
        outDir: join(root, 'dist'),
        ssrDir: join(root, '.cache/ssr'),
        cacheDir,
        debug: false,
        store: siteContentStore(root, false, cacheDir),
        log: createLogger('silent'),
        saidWarnings: new Set(),
      })
      await startBuild(root, client, (message) => warnings.push(message))
      await startBuild(root, server, (message) => warnings.push(message))
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
    // One report, in which each warning appears once.
    expect(warnings).toHaveLength(1)
    const lines = warnings[0].split('\n').filter((line) => line.includes('⚠'))
    expect(lines.some((line) => /pages\/nobody-links-here\.yaml:\d+:\d+ meta: no link leads/.test(line))).toBe(true)
    expect(new Set(lines).size).toBe(lines.length)
  }, 60_000)
})
