// Publishing the editor's work through git (the `git` program itself, spawned): what changed since
// what is live (the configured remote branch), one commit of just those files on top of the live
// branch, pushed without force; undo as a revert commit; a file's published versions and their
// restoration as a new commit. Commits are made with a temporary index (read-tree, hash-object,
// commit-tree), so the marketer's own checkout, index and other uncommitted work are never
// touched; afterwards the checkout is fast-forwarded to what was published when git can do so
// without overwriting anything.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where publishing goes, from the environment (documented in the README). */
export type PublishSettings = { remote: string; branch: string; review: boolean }

export function publishSettings(env: NodeJS.ProcessEnv = process.env): PublishSettings {
  return {
    remote: env.PUBLISH_REMOTE || 'origin',
    branch: env.PUBLISH_BRANCH || 'main',
    review: /^(1|true|yes)$/i.test(env.PUBLISH_REVIEW ?? ''),
  }
}

/** The files publishing carries: the pages, and the images the site serves. */
export const PUBLISHED = /^(pages\/.+\.ya?ml|public\/.+\.(avif|gif|jpe?g|png|svg|webp))$/i
const PUBLISHED_FOLDERS = ['pages', 'public']

export class GitError extends Error {}

export type Status = 'added' | 'modified' | 'deleted'
export type ChangedFile = { file: string; status: Status }
/** A version of a file on the live branch. */
export type Version = {
  commit: string
  author: string
  date: string
  message: string
  /** A commit with one parent (not the first, not a merge): one a revert can undo. */
  undoable: boolean
}
/** A file as it will be published: its bytes, or null when it is removed. */
export type FileContent = { file: string; content: Buffer | null }
/** A file changed on both sides: the common version, the marketer's and the live one. */
export type ThreeWay = { file: string; base: Buffer | null; mine: Buffer | null; live: Buffer | null }
export type Prepared = {
  live: string
  base: string
  /** Files merged line by line (or unchanged on the live side), ready to commit. */
  clean: FileContent[]
  /** Files whose lines changed on both sides. */
  conflicts: ThreeWay[]
}

type Run = { stdout: Buffer; code: number }

export class PublishGit {
  readonly settings: PublishSettings

  constructor(
    readonly root: string,
    settings: Partial<PublishSettings> = {},
  ) {
    this.settings = { ...publishSettings(), ...settings }
  }

  get liveRef() {
    return `refs/remotes/${this.settings.remote}/${this.settings.branch}`
  }

  /** `git <args>` in the project; throws with git's own words unless the exit code is allowed. */
  run(
    args: string[],
    { input, env, allow = [0] }: { input?: Buffer | string; env?: NodeJS.ProcessEnv; allow?: number[] } = {},
  ) {
    return new Promise<Run>((resolve, reject) => {
      const child = execFile(
        'git',
        args,
        { cwd: this.root, env: { ...process.env, ...env }, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
          if (error && typeof error.code !== 'number') return reject(new GitError(error.message))
          if (!allow.includes(code))
            return reject(new GitError(`git ${args[0]}: ${stderr.toString().trim() || stdout.toString().trim()}`))
          resolve({ stdout, code })
        },
      )
      child.stdin?.end(input)
    })
  }

  async text(args: string[], options?: Parameters<PublishGit['run']>[1]) {
    return (await this.run(args, options)).stdout.toString().trim()
  }

  /** Brings the live branch's newest commit from the remote; returns its id. */
  async fetchLive(): Promise<string> {
    const { remote, branch } = this.settings
    await this.run(['fetch', '--quiet', '--no-tags', remote, `+refs/heads/${branch}:${this.liveRef}`])
    return this.text(['rev-parse', '--verify', `${this.liveRef}^{commit}`])
  }

  /** The remote's web address for comparing a branch, for GitHub-, GitLab- and Gitea-like hosts. */
  async compareUrl(branch: string): Promise<string | undefined> {
    const url = await this.text(['remote', 'get-url', this.settings.remote]).catch(() => '')
    return compareUrlOf(url, this.settings.branch, branch)
  }

  /** The commit the marketer's copy started from: where HEAD and the live branch meet. */
  base(live: string) {
    return this.text(['merge-base', 'HEAD', live])
  }

  /** Every page and image that differs between `base` and the files on disk, untracked ones included. */
  async changedSince(base: string): Promise<ChangedFile[]> {
    const names = (out: Buffer) => out.toString().split('\0').filter(Boolean)
    const diff = names(
      (await this.run(['diff', '--name-status', '--no-renames', '-z', base, '--', ...PUBLISHED_FOLDERS])).stdout,
    )
    const changed: ChangedFile[] = []
    for (let i = 0; i < diff.length; i += 2) {
      const status = diff[i] === 'A' ? 'added' : diff[i] === 'D' ? 'deleted' : 'modified'
      changed.push({ file: diff[i + 1], status })
    }
    const untracked = names(
      (await this.run(['ls-files', '--others', '--exclude-standard', '-z', '--', ...PUBLISHED_FOLDERS])).stdout,
    )
    for (const file of untracked) changed.push({ file, status: 'added' })
    return changed.filter((c) => PUBLISHED.test(c.file)).sort((a, b) => a.file.localeCompare(b.file))
  }

  /** The file's bytes in `commit`, or null when it has none there. */
  async at(commit: string, file: string): Promise<Buffer | null> {
    const { stdout, code } = await this.run(['cat-file', 'blob', `${commit}:${file}`], { allow: [0, 128] })
    return code === 0 ? stdout : null
  }

  /** The file's bytes on disk, or null when it is not there. */
  onDisk(file: string): Buffer | null {
    const full = join(this.root, file)
    return existsSync(full) ? readFileSync(full) : null
  }

  /**
   * Fetches, then replays the marketer's version of each file on the live branch: unchanged there,
   * it is taken as it is; changed there on other lines, git merges the two line by line
   * (`git merge-file`); changed on the same lines, it is a conflict for the marketer to settle.
   */
  async prepare(files: string[]): Promise<Prepared> {
    const live = await this.fetchLive()
    const base = await this.base(live)
    const clean: FileContent[] = []
    const conflicts: ThreeWay[] = []
    for (const file of files) {
      const mine = this.onDisk(file)
      const [was, now] = await Promise.all([this.at(base, file), this.at(live, file)])
      const merged = await this.mergeFile(was, mine, now)
      if (merged === undefined) conflicts.push({ file, base: was, mine, live: now })
      else clean.push({ file, content: merged })
    }
    return { live, base, clean, conflicts }
  }

  /** The three-way merge of one file, or undefined when the same lines changed on both sides. */
  async mergeFile(base: Buffer | null, mine: Buffer | null, live: Buffer | null): Promise<Buffer | null | undefined> {
    const same = (a: Buffer | null, b: Buffer | null) => (a === null ? b === null : b !== null && a.equals(b))
    if (same(live, base) || same(mine, live)) return mine
    if (same(mine, base)) return live
    if (mine === null || live === null || isBinary(mine) || isBinary(live)) return undefined
    const dir = mkdtempSync(join(tmpdir(), 'publish-merge-'))
    try {
      const [m, b, l] = ['mine', 'base', 'live'].map((name) => join(dir, name))
      writeFileSync(m, mine)
      writeFileSync(b, base ?? '')
      writeFileSync(l, live)
      const { stdout, code } = await this.run(['merge-file', '-p', '--quiet', m, b, l], {
        allow: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      })
      return code === 0 ? stdout : undefined
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  /**
   * One commit of `files` on top of `parent`, made with an index of its own (the checkout is not
   * touched). Undefined when it would change nothing.
   */
  async commit(parent: string, files: FileContent[], message: string): Promise<string | undefined> {
    const dir = mkdtempSync(join(tmpdir(), 'publish-index-'))
    const env = { GIT_INDEX_FILE: join(dir, 'index') }
    try {
      await this.run(['read-tree', parent], { env })
      for (const { file, content } of files) {
        if (content === null) {
          await this.run(['update-index', '--force-remove', '--', file], { env })
          continue
        }
        const blob = await this.text(['hash-object', '-w', '--stdin'], { input: content })
        await this.run(['update-index', '--add', '--cacheinfo', `100644,${blob},${file}`], { env })
      }
      const tree = await this.text(['write-tree'], { env })
      if (tree === (await this.text(['rev-parse', `${parent}^{tree}`]))) return undefined
      return await this.text(['commit-tree', tree, '-p', parent, '-F', '-'], { input: message }).catch((error) => {
        if (/tell me who you are|empty ident|name/i.test(String(error.message)))
          throw new GitError(
            'git does not know who you are: set your name and e-mail with `git config user.name` and `git config user.email`.',
          )
        throw error
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  /**
   * Pushes `commit` to `branch` on the remote, never forcing: false when the remote refused
   * because its branch moved meanwhile (the caller fetches and tries again).
   */
  async push(commit: string, branch: string): Promise<boolean> {
    const { code, stdout } = await this.run(
      ['push', '--porcelain', '--quiet', this.settings.remote, `${commit}:refs/heads/${branch}`],
      { allow: [0, 1] },
    )
    if (code === 0) return true
    if (/\[rejected\]|non-fast-forward|fetch first/.test(stdout.toString())) return false
    throw new GitError(`git push: ${stdout.toString().trim()}`)
  }

  /**
   * Brings the marketer's checkout to `commit` after it went live: the published files are written
   * (a merge may have added lines from the live side) and staged, then git fast-forwards, which it
   * refuses rather than overwrite anything else. Returns git's words when it did not.
   */
  async catchUp(commit: string, files: FileContent[]): Promise<string | undefined> {
    for (const { file, content } of files) {
      const full = join(this.root, file)
      if (content === null) rmSync(full, { force: true })
      else if (!this.onDisk(file)?.equals(content)) writeFileSync(full, content)
    }
    const { code } = await this.run(['merge-base', '--is-ancestor', 'HEAD', commit], { allow: [0, 1] })
    if (code !== 0) return 'your copy has commits of its own that are not live; it was left as it is'
    await this.run(['add', '-A', '--', ...files.map((f) => f.file)])
    const merge = await this.run(['merge', '--ff-only', '--quiet', commit], { allow: [0, 1, 128] })
    return merge.code === 0 ? undefined : 'git could not bring your copy up to date without overwriting other edits'
  }

  /** The commits of the live branch that changed `file`, newest first. */
  async history(file: string, limit = 30): Promise<Version[]> {
    return this.log(['--', file], limit)
  }

  /** The live branch's latest commits that changed pages or images. */
  async published(limit = 10): Promise<Version[]> {
    return this.log(['--', ...PUBLISHED_FOLDERS], limit)
  }

  private async log(args: string[], limit: number): Promise<Version[]> {
    const out = await this.text([
      'log',
      `-${limit}`,
      '--format=%H%x1f%an%x1f%aI%x1f%s%x1f%P%x1e',
      this.liveRef,
      ...args,
    ])
    return out
      .split('\x1e')
      .map((r) => r.trim())
      .filter(Boolean)
      .map((r) => {
        const [commit, author, date, message, parents] = r.split('\x1f')
        return { commit, author, date, message, undoable: parents.split(' ').filter(Boolean).length === 1 }
      })
  }

  /** The files a commit changed, with their contents before it. */
  async filesBefore(commit: string): Promise<{ file: string; before: Buffer | null; after: Buffer | null }[]> {
    const parents = (await this.text(['rev-list', '--parents', '-n', '1', commit])).split(' ').slice(1)
    if (parents.length !== 1) throw new GitError('Only a publish (a commit with one parent) can be undone.')
    const names = (
      await this.run(['diff-tree', '--no-commit-id', '--name-only', '-r', '-z', parents[0], commit])
    ).stdout
      .toString()
      .split('\0')
      .filter(Boolean)
    return Promise.all(
      names.map(async (file) => ({
        file,
        before: await this.at(parents[0], file),
        after: await this.at(commit, file),
      })),
    )
  }

  /** Whether `commit` is part of the live branch. */
  async isLive(commit: string, live: string) {
    if (!/^[0-9a-f]{7,40}$/.test(commit)) return false
    return (await this.run(['merge-base', '--is-ancestor', commit, live], { allow: [0, 1, 128] })).code === 0
  }
}

const isBinary = (bytes: Buffer) => bytes.subarray(0, 8000).includes(0)

/**
 * The address at which the forge compares `branch` with `target`: GitHub's and Gitea's
 * /compare/a...b, GitLab's /-/compare/a...b. Undefined for remotes that are not on a forge.
 */
export function compareUrlOf(remoteUrl: string, target: string, branch: string): string | undefined {
  const match =
    /^(?:https?:\/\/(?:[^@/]+@)?|ssh:\/\/(?:[^@/]+@)?|[^@/:]+@)([^/:]+)(?::\d+)?[:/](.+?)(?:\.git)?\/?$/.exec(remoteUrl)
  if (!match || match[1] === 'localhost' || !match[1].includes('.')) return undefined
  const [, host, path] = match
  const compare = /gitlab/i.test(host) ? '-/compare' : 'compare'
  return `https://${host}/${path}/${compare}/${encodeURI(target)}...${encodeURI(branch)}`
}
