// Publishing through real git (src/editor/server/publish-git.ts, publish-routes.ts), against real temporary
// repositories: a bare one as the remote, the marketer's clone and a colleague's. One commit of
// just the changed files reaches the remote's main; other uncommitted work is left alone; edits
// on other lines of a file the remote changed are merged; edits on the same lines come back as
// fields to choose, and the choice is what lands; nothing is ever force-pushed; undo and restore
// are new commits.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { mergeFields } from '../../../src/editor/server/merge-fields'
import { compareUrlOf, PublishGit } from '../../../src/editor/server/publish-git'
import { publishRoutes } from '../../../src/editor/server/publish-routes'
import { dispatcher } from '../../../src/editor/server/routes'
import { apiRequest, apiUrl, TOKEN } from './api-request'

const PAGE = 'pages/orlando.yaml'
const TEXT = `meta:
  title: Orlando Security
blocks:
  - type: hero
    heading: Orlando Security Services
    text: We protect Orlando.
  - type: faq
    heading: FAQ
    items:
      - id: cost
        question: What does it cost?
        answer: It depends.
`
let dir: string
let remote: string
let mine: string
let theirs: string

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
const write = (root: string, file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true })
  writeFileSync(join(root, file), text)
}
const read = (root: string, file: string) => readFileSync(join(root, file), 'utf8')
const onRemote = (file: string) => git(remote, 'show', `main:${file}`)
/** A colleague's commit pushed to the remote's main. */
function pushFromColleague(file: string, text: string) {
  git(theirs, 'pull', '--quiet', '--ff-only')
  write(theirs, file, text)
  git(theirs, 'add', '-A')
  git(theirs, 'commit', '--quiet', '-m', 'A colleague changes the page')
  git(theirs, 'push', '--quiet', 'origin', 'main')
}
const routes = () => publishRoutes({ root: mine, problems: async () => [], changed: () => undefined })
/** The answer of the editor's dispatcher to a publishing request, the page file in its query. */
const ask = async (method: 'GET' | 'POST', route: string, body: Record<string, unknown> = {}) =>
  (await dispatcher(routes(), TOKEN)(
    apiRequest(method, method === 'POST' ? body : undefined),
    apiUrl(`${route}?file=${PAGE}`),
  )) as { status: number; body: Record<string, unknown> }

beforeAll(() => {
  // Who commits, for git run by these tests and by the code under test: the process's own
  // environment, never the machine's git configuration. Undone after the file (vitest's
  // unstubAllEnvs), as the next file in this worker shares the process.
  vi.stubEnv('GIT_AUTHOR_NAME', 'Marketer')
  vi.stubEnv('GIT_AUTHOR_EMAIL', 'marketer@example.com')
  vi.stubEnv('GIT_COMMITTER_NAME', 'Marketer')
  vi.stubEnv('GIT_COMMITTER_EMAIL', 'marketer@example.com')
  vi.stubEnv('GIT_CONFIG_GLOBAL', '/dev/null')
  vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1')
})
afterAll(() => {
  vi.unstubAllEnvs()
})

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'publish-git-'))
  remote = join(dir, 'remote.git')
  mine = join(dir, 'mine')
  theirs = join(dir, 'theirs')
  git(dir, 'init', '--quiet', '--bare', '-b', 'main', remote)
  git(dir, 'init', '--quiet', '-b', 'main', mine)
  write(mine, PAGE, TEXT)
  write(mine, 'src/app.ts', 'export {}\n')
  git(mine, 'add', '-A')
  git(mine, 'commit', '--quiet', '-m', 'The site')
  git(mine, 'remote', 'add', 'origin', remote)
  git(mine, 'push', '--quiet', '-u', 'origin', 'main')
  git(dir, 'clone', '--quiet', remote, theirs)
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('publishing through git', () => {
  it('lists the changed pages and images, new ones too, and nothing else', async () => {
    write(mine, PAGE, TEXT.replace('It depends.', 'From $75 an hour.'))
    write(mine, 'public/images/new.png', '\x89PNG')
    write(mine, 'src/app.ts', 'export const x = 1\n')
    const publishing = new PublishGit(mine)
    const base = await publishing.base(await publishing.fetchLive())
    expect(await publishing.changedSince(base)).toEqual([
      { file: PAGE, status: 'modified' },
      { file: 'public/images/new.png', status: 'added' },
    ])
  })

  it("makes one commit of just the page, pushes it to the remote's main and leaves other work alone", async () => {
    const edited = TEXT.replace('It depends.', 'From $75 an hour.')
    write(mine, PAGE, edited)
    write(mine, 'src/app.ts', 'export const unfinished = 1\n')
    const answer = await ask('POST', 'publish', { files: [PAGE], message: 'Orlando page: FAQ 1' })
    expect(answer.status).toBe(200)
    expect(git(remote, 'rev-list', '--count', 'main')).toBe('2')
    expect(git(remote, 'log', '-1', '--format=%s%n%an', 'main')).toBe('Orlando page: FAQ 1\nMarketer')
    expect(git(remote, 'show', '--name-only', '--format=', 'main')).toBe(PAGE)
    expect(onRemote(PAGE)).toBe(edited.trim())
    // The marketer's copy is at the published commit, with the unfinished code still unfinished.
    expect(git(mine, 'rev-parse', 'HEAD')).toBe(git(remote, 'rev-parse', 'main'))
    expect(git(mine, 'status', '--porcelain')).toBe('M src/app.ts')
    expect((await ask('GET', 'publish')).body.files).toEqual([])
  })

  it('replays edits on other lines on top of a remote that moved, and pushes without force', async () => {
    pushFromColleague(PAGE, TEXT.replace('We protect Orlando.', 'We protect Central Florida.'))
    write(mine, PAGE, TEXT.replace('It depends.', 'From $75 an hour.'))
    const answer = await ask('POST', 'publish', { files: [PAGE], message: 'FAQ 1' })
    expect(answer.status).toBe(200)
    expect(onRemote(PAGE)).toContain('We protect Central Florida.')
    expect(onRemote(PAGE)).toContain('From $75 an hour.')
    expect(git(remote, 'log', '--format=%s', 'main')).toBe('FAQ 1\nA colleague changes the page\nThe site')
    expect(read(mine, PAGE)).toBe(`${onRemote(PAGE)}\n`)
  })

  it('shows the same line changed on both sides as a field to choose; the choice is what lands', async () => {
    pushFromColleague(PAGE, TEXT.replace('Orlando Security Services', 'Security in Orlando'))
    write(
      mine,
      PAGE,
      TEXT.replace('Orlando Security Services', 'Orlando Bodyguards').replace('It depends.', 'Call us.'),
    )
    const first = await ask('POST', 'publish', { files: [PAGE], message: 'Hero heading' })
    expect(first.status).toBe(409)
    const conflicts = first.body.conflicts as { key: string; mine: unknown; live: unknown }[]
    expect(conflicts.map(({ key, mine, live }) => ({ key, mine, live }))).toEqual([
      { key: 'blocks[0].heading', mine: 'Orlando Bodyguards', live: 'Security in Orlando' },
    ])
    // Nothing reached the remote, and the marketer's file is as they left it.
    expect(git(remote, 'rev-list', '--count', 'main')).toBe('2')
    expect(read(mine, PAGE)).toContain('Orlando Bodyguards')

    const chosen = await ask('POST', 'publish', {
      files: [PAGE],
      message: 'Hero heading',
      choices: { [PAGE]: { 'blocks[0].heading': 'live' } },
    })
    expect(chosen.status).toBe(200)
    expect(onRemote(PAGE)).toBe(
      TEXT.replace('Orlando Security Services', 'Security in Orlando').replace('It depends.', 'Call us.').trim(),
    )
  })

  it('in review mode pushes to a branch of its own and leaves main and the change as they were', async () => {
    write(mine, PAGE, TEXT.replace('It depends.', 'Call us.'))
    const answer = await ask('POST', 'publish', { files: [PAGE], message: 'FAQ 1', review: true })
    expect(answer.status).toBe(200)
    const branch = String(answer.body.branch)
    expect(branch).toMatch(/^publish\/\d{8}-\d{6}-orlando$/)
    expect(git(remote, 'log', '-1', '--format=%s', branch)).toBe('FAQ 1')
    expect(git(remote, 'rev-list', '--count', 'main')).toBe('1')
    // A remote on no forge has no compare address; the change is still to be published.
    expect(answer.body.compare).toBeUndefined()
    expect(((await ask('GET', 'publish')).body.files as { file: string }[]).map((f) => f.file)).toEqual([PAGE])
  })

  it('never force-pushes: a push behind the remote is refused and the remote keeps its commit', async () => {
    const publishing = new PublishGit(mine)
    write(mine, PAGE, TEXT.replace('It depends.', 'Call us.'))
    const { live, clean } = await publishing.prepare([PAGE])
    pushFromColleague('pages/other.yaml', 'meta: {}\n')
    const commit = await publishing.commit(live, clean, 'Stale')
    expect(await publishing.push(commit!, 'main')).toBe(false)
    expect(git(remote, 'log', '-1', '--format=%s', 'main')).toBe('A colleague changes the page')
  })

  it('undoes a publish with a revert commit: the remote file is back to its old bytes', async () => {
    write(mine, PAGE, TEXT.replace('It depends.', 'Call us.'))
    const published = await ask('POST', 'publish', { files: [PAGE], message: 'FAQ 1' })
    const undone = await ask('POST', 'undo', { commit: published.body.commit })
    expect(undone.status).toBe(200)
    expect(git(remote, 'log', '--format=%s', 'main').split('\n')).toEqual(['Undo “FAQ 1”', 'FAQ 1', 'The site'])
    expect(git(remote, 'log', '-1', '--format=%b', 'main')).toBe(`This reverts commit ${published.body.commit}.`)
    expect(`${onRemote(PAGE)}\n`).toBe(TEXT)
    expect(read(mine, PAGE)).toBe(TEXT)
  })

  it("lists a page's published versions and restores one as a new commit", async () => {
    write(mine, PAGE, TEXT.replace('It depends.', 'Call us.'))
    await ask('POST', 'publish', { files: [PAGE], message: 'FAQ 1' })
    const { versions } = (await ask('GET', 'history')).body as {
      versions: { commit: string; message: string; author: string }[]
    }
    expect(versions.map((v) => [v.message, v.author])).toEqual([
      ['FAQ 1', 'Marketer'],
      ['The site', 'Marketer'],
    ])
    const restored = await ask('POST', 'restore', { file: PAGE, commit: versions[1].commit })
    expect(restored.status).toBe(200)
    expect(`${onRemote(PAGE)}\n`).toBe(TEXT)
    expect(git(remote, 'rev-list', '--count', 'main')).toBe('3')
  })
})

describe('the field-by-field merge and the review address', () => {
  it('takes each side where only it changed and reports fields both changed', () => {
    const base = { a: 1, b: { c: 'x', d: 'y' }, list: [1, 2] }
    const { merged, conflicts } = mergeFields(
      base,
      { ...base, a: 2, b: { c: 'mine', d: 'y' } },
      { ...base, b: { c: 'live', d: 'z' } },
    )
    expect(merged).toEqual({ a: 2, b: { c: 'mine', d: 'z' }, list: [1, 2] })
    expect(conflicts.map((c) => c.key)).toEqual(['b.c'])
  })

  it("derives the forge's compare address from GitHub-, GitLab- and Gitea-like remotes only", () => {
    expect(compareUrlOf('git@github.com:acme/site.git', 'main', 'publish/x')).toBe(
      'https://github.com/acme/site/compare/main...publish/x',
    )
    expect(compareUrlOf('https://gitlab.com/acme/site.git', 'main', 'b')).toBe(
      'https://gitlab.com/acme/site/-/compare/main...b',
    )
    expect(compareUrlOf('https://codeberg.org/acme/site', 'main', 'b')).toBe(
      'https://codeberg.org/acme/site/compare/main...b',
    )
    expect(compareUrlOf('/tmp/remote.git', 'main', 'b')).toBeUndefined()
  })
})
