// @vitest-environment node
// The local servers: loopback by default, refusing to be exposed without a salt and
// an origin list, and one process per data directory under an operating-system lock.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { lockHolder } from '../../../server/data-dir-lock.ts'
import { assertSafeToExpose, isLoopback } from '../../../server/exposure.ts'
import { createLocalBackend } from '../../../server/local-backend.ts'
import { startSiteServer } from '../../../server/site-server.ts'
import { migratedDataDir } from './helpers.ts'

const root = new URL('../../../', import.meta.url)
const dir = mkdtempSync(join(tmpdir(), 'exposure-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function tinyDist(): string {
  const dist = join(dir, 'dist')
  mkdirSync(dist, { recursive: true })
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>')
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>404</title>')
  writeFileSync(join(dist, '_redirects'), '')
  return dist
}

describe('where the local servers listen', () => {
  it('serves on 127.0.0.1 unless told otherwise', async () => {
    // Its data folder holds the run's migrated database: where it listens is the point, not creating one.
    await migratedDataDir(join(dir, 'site-data'))
    const site = await startSiteServer({ distDir: tinyDist(), dataDir: join(dir, 'site-data'), port: 0 })
    try {
      expect((site.server.address() as AddressInfo).address).toBe('127.0.0.1')
    } finally {
      await site.close()
    }
  }, 60_000)

  it('refuses another address without IP_HASH_SALT and ALLOWED_ORIGINS, naming what is missing', () => {
    expect(() => assertSafeToExpose('0.0.0.0', {})).toThrow(
      /Refusing to listen on 0\.0\.0\.0 without IP_HASH_SALT and ALLOWED_ORIGINS/,
    )
    expect(() => assertSafeToExpose('::', { IP_HASH_SALT: 's3cret' })).toThrow(/without ALLOWED_ORIGINS:/)
    expect(() =>
      assertSafeToExpose('0.0.0.0', { IP_HASH_SALT: 's3cret', ALLOWED_ORIGINS: 'https://www.example.com' }),
    ).not.toThrow()
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopback(host)).toBe(true)
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com']) expect(isLoopback(host)).toBe(false)
  })

  it('npm run serve with HOST=0.0.0.0 and no secrets exits with that message instead of serving', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
      cwd: root,
      env: { ...process.env, HOST: '0.0.0.0', PORT: '0', IP_HASH_SALT: '', ALLOWED_ORIGINS: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/Refusing to listen on 0\.0\.0\.0 without IP_HASH_SALT and ALLOWED_ORIGINS/)
  }, 60_000)
})

describe('data directory lock', () => {
  it('is not taken when a setting is wrong: the start fails first, naming the setting', async () => {
    const dataDir = join(dir, 'bad-setting')
    await expect(createLocalBackend({ dataDir, env: { TRUST_PROXY: '10.0.0.0/8, proxy' } })).rejects.toThrow(
      'TRUST_PROXY: "proxy" is not an IP address',
    )
    await expect(createLocalBackend({ dataDir, env: { RETENTION_LEAD_DAYS: '-1' } })).rejects.toThrow(
      'RETENTION_LEAD_DAYS must be a whole number of days (1 or more)',
    )
    expect(lockHolder(dataDir)).toBeNull()
  })

  /** A process that tries the lock, says whether it got it, and holds it until its stdin closes. */
  function contender(dataDir: string): { child: ChildProcess; answer: Promise<string> } {
    const script = `import { lockDataDir } from "./server/data-dir-lock.ts";
      let line = "busy";
      try { lockDataDir(${JSON.stringify(dataDir)}); line = "locked"; } catch (error) { line = "busy: " + error.message; }
      console.log(line);
      process.stdin.resume();
      process.stdin.on("end", () => process.exit(0));`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    const answer = new Promise<string>((resolve) => {
      let output = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('\n')) resolve(output.trim())
      })
    })
    return { child, answer }
  }

  it('lets exactly one of eight simultaneous starters in, and frees the directory when its holder is killed', async () => {
    const dataDir = join(dir, 'contended')
    // A lock file left behind by a process that no longer exists changes nothing.
    writeFileSync(`${dataDir}.lock`, '999999')
    const contenders = Array.from({ length: 8 }, () => contender(dataDir))
    const answers = await Promise.all(contenders.map((c) => c.answer))
    expect(answers.filter((answer) => answer === 'locked')).toHaveLength(1)
    const winner = contenders[answers.indexOf('locked')]
    for (const answer of answers.filter((a) => a !== 'locked')) {
      expect(answer).toBe(
        `busy: ${dataDir} is in use by process ${winner.child.pid}; stop it first (lock file ${dataDir}.lock).`,
      )
    }
    const exited = Promise.all(contenders.map((c) => new Promise((resolve) => c.child.once('exit', resolve))))
    for (const c of contenders) if (c !== winner) c.child.stdin!.end()
    winner.child.kill('SIGKILL')
    await exited

    const next = contender(dataDir)
    expect(await next.answer).toBe('locked')
    const done = new Promise((resolve) => next.child.once('exit', resolve))
    next.child.stdin!.end()
    await done
  }, 120_000)
})
