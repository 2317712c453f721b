// The page editor's publishing routes (GET publish, history; POST publish, undo, restore), on
// publish-git.ts: what changed since what is live with `npm run check`'s problems, one commit
// pushed to the live branch (or to a review branch of its own), conflicts settled field by field,
// undo and restore as new commits. One git operation at a time.
import { parse } from 'yaml'
import { addressOf } from '../../content/addresses'
import type { Problem } from '../../content/problems'
import { HttpError } from './http'
import { type Choice, mergeFields } from './merge-fields'
import { type FileContent, GitError, PUBLISHED, PublishGit } from './publish-git'
import { get, post, type Route } from './routes'
import { editYaml } from './yaml-edit'

export type PublishContext = {
  root: string
  /** `npm run check`'s problems of the file with `text` in its place (the file as it is without). */
  problems: (file: string, text?: string) => Promise<Problem[]>
  /** Tells the content store which files changed on disk. */
  changed: (files: string[]) => void
}

const isPage = (file: string) => file.startsWith('pages/')
const dataOf = (bytes: Buffer | null) => {
  if (bytes === null) return undefined
  try {
    return parse(bytes.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}
const errorsIn = (problems: Problem[]) => problems.filter((p) => p.severity === 'error')
/** How many times a publish is tried again when the remote moved between fetch and push. */
const ATTEMPTS = 3

/** The files to publish, with their commit's message; the same lines changed on both sides settled by `choices`. */
const PUBLISH = {
  type: 'object',
  properties: {
    files: { type: 'array', items: { type: 'string' } },
    message: { type: 'string' },
    /** To a review branch of its own rather than the live branch. */
    review: { type: 'boolean' },
    /** file → field's key → the side kept. */
    choices: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: { enum: ['mine', 'live'] } },
    },
  },
} as const
const UNDO = { type: 'object', required: ['commit'], properties: { commit: { type: 'string' } } } as const
const RESTORE = {
  type: 'object',
  required: ['file', 'commit'],
  properties: { file: { type: 'string' }, commit: { type: 'string' } },
} as const

export function publishRoutes(context: PublishContext): Route[] {
  const publisher = new Publisher(context)
  let queue: Promise<unknown> = Promise.resolve()
  /** One git operation at a time; git's own failure answered 502, marked as git's. */
  const oneAtATime = <T>(task: () => Promise<T>) => {
    const guarded = () =>
      task().catch((error: unknown) => {
        throw error instanceof GitError ? new HttpError(502, error.message, { git: true }) : error
      })
    const next = queue.then(guarded, guarded)
    queue = next.catch(() => undefined)
    return next
  }
  return [
    get('publish', () => oneAtATime(() => publisher.status())),
    get('history', (query) =>
      oneAtATime(async () => ({ versions: await publisher.git.history(String(query.get('file'))) })),
    ),
    post('publish', PUBLISH, (body) =>
      oneAtATime(() =>
        publisher.publish({
          files: body.files ?? [],
          message: (body.message ?? '').trim(),
          review: body.review === true,
          choices: body.choices ?? {},
        }),
      ),
    ),
    post('undo', UNDO, ({ commit }) => oneAtATime(() => publisher.undo(commit))),
    post('restore', RESTORE, ({ file, commit }) => oneAtATime(() => publisher.restore(file, commit))),
  ]
}

class Publisher {
  readonly git: PublishGit

  constructor(private readonly context: PublishContext) {
    this.git = new PublishGit(context.root)
  }

  /** Every page and image changed since what is live, with its data before and after and its problems. */
  async status() {
    const { git, context } = this
    const live = await git.fetchLive()
    const base = await git.base(live)
    const changed = await git.changedSince(base)
    // Checked as they are on disk now, not as the file watcher last told.
    context.changed(changed.map((c) => c.file))
    const files = await Promise.all(
      changed.map(async ({ file, status }) => {
        const after = git.onDisk(file)
        const problems = isPage(file) && after ? await context.problems(file) : []
        return {
          file,
          status,
          kind: isPage(file) ? 'page' : 'image',
          address: isPage(file) ? addressOf(file.slice('pages/'.length)) : `/${file.slice('public/'.length)}`,
          ...(isPage(file) ? { before: dataOf(await git.at(base, file)), after: dataOf(after) } : {}),
          problems,
        }
      }),
    )
    return { settings: git.settings, live, files, published: await git.published() }
  }

  async publish(asked: { files: string[]; message: string; review: boolean; choices: Choices }) {
    const { files, message, review } = asked
    if (!files.length || !message) throw new HttpError(400, 'Name the files to publish and write a message.')
    await this.checkPublishable(files)
    const branch = review ? reviewBranch(files[0]) : this.git.settings.branch
    const { commit, contents } = await this.commitAndPush(() => this.merged(files, asked.choices), message, branch)
    if (review) return { commit, branch, compare: await this.git.compareUrl(branch) }
    return { commit, branch, note: await this.catchUp(commit, contents) }
  }

  /** Refused unless every file has changes to publish, and every page among them passes `npm run check`. */
  private async checkPublishable(files: string[]) {
    const { git } = this
    const changed = new Set((await git.changedSince(await git.base(await git.fetchLive()))).map((c) => c.file))
    for (const file of files)
      if (!PUBLISHED.test(file) || !changed.has(file)) throw new HttpError(400, `${file} has no changes to publish.`)
    for (const file of files.filter((f) => isPage(f) && git.onDisk(f))) {
      const errors = errorsIn(await this.context.problems(file))
      if (errors.length)
        throw new HttpError(422, `${file} has ${errors.length} problem(s) to fix before it can be published.`, {
          problems: errors,
        })
    }
  }

  /** The files' contents to publish, the same lines changed on both sides settled by `choices`. */
  private async merged(files: string[], choices: Choices) {
    const prepared = await this.git.prepare(files)
    const contents: FileContent[] = [...prepared.clean]
    const open: Record<string, unknown>[] = []
    for (const { file, base, mine, live } of prepared.conflicts) {
      const chosen = choices[file] ?? {}
      const [b, m, l] = [dataOf(base), dataOf(mine), dataOf(live)]
      if (!isPage(file) || m === undefined || l === undefined || !live) {
        // An image (or a page removed on one side): the whole file is the field.
        if (chosen[''] === undefined) open.push({ file, path: [], key: '', mine: mine !== null, live: live !== null })
        else contents.push({ file, content: chosen[''] === 'live' ? live : mine })
        continue
      }
      const { merged: data, conflicts } = mergeFields(b, m, l, chosen)
      const unsettled = conflicts.filter((c) => chosen[c.key] === undefined)
      if (unsettled.length) {
        open.push(...unsettled.map((c) => ({ file, ...c, data: l })))
        continue
      }
      contents.push({ file, content: await this.checkedMerge(file, live, data) })
    }
    if (open.length)
      throw new HttpError(409, 'The live site changed the same fields meanwhile: choose which value to keep.', {
        conflicts: open,
        live: prepared.live,
      })
    return { live: prepared.live, contents }
  }

  /** The live file with the merged data written in, refused if `npm run check` finds errors in it. */
  private async checkedMerge(file: string, live: Buffer, data: unknown) {
    const text = editYaml(live.toString('utf8'), data)
    const errors = errorsIn(await this.context.problems(file, text))
    if (errors.length)
      throw new HttpError(422, `${file} as merged has ${errors.length} problem(s) to fix first.`, { problems: errors })
    return Buffer.from(text)
  }

  /** Commits `make`'s files on the live branch (or a review branch) and pushes, again if the remote moved. */
  private async commitAndPush(
    make: () => Promise<{ live: string; contents: FileContent[] }>,
    message: string,
    branch = this.git.settings.branch,
  ) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { live, contents } = await make()
      const commit = await this.git.commit(live, contents, message)
      if (!commit) throw new HttpError(409, 'The live site already has these contents: there is nothing to publish.')
      if (await this.git.push(commit, branch)) return { commit, contents }
    }
    throw new HttpError(409, 'The live site kept changing while publishing; try again.')
  }

  /** The marketer's copy brought up to the commit, where nothing unpublished is on the files. */
  private async catchUp(commit: string, contents: FileContent[]) {
    const note = await this.git.catchUp(commit, contents)
    this.context.changed(contents.map((c) => c.file))
    return note
  }

  async undo(target: string) {
    const [version] = (await this.git.published(200)).filter((v) => v.commit === target)
    if (!version) throw new HttpError(400, 'That publish is not on the live site.')
    const message = `Undo “${version.message}”\n\nThis reverts commit ${target}.`
    const { commit, contents } = await this.commitAndPush(() => this.reverted(target), message)
    const kept = await this.unpublished(contents.map((c) => c.file))
    return { commit, note: kept.length ? `kept: ${kept.join(', ')}` : await this.catchUp(commit, contents) }
  }

  /** The contents of `commit`'s files on the live branch as they were before it, others' later edits kept. */
  private async reverted(commit: string) {
    const { git } = this
    const live = await git.fetchLive()
    if (!(await git.isLive(commit, live))) throw new HttpError(400, 'That version is not on the live site.')
    const contents: FileContent[] = []
    for (const { file, before, after } of await git.filesBefore(commit)) {
      const content = await git.mergeFile(after, before, await git.at(live, file))
      if (content === undefined)
        throw new HttpError(409, `${file} was changed on the same lines since; it cannot be undone on its own.`)
      contents.push({ file, content })
    }
    return { live, contents }
  }

  /** Files with unpublished edits on disk among `files`: those are not overwritten. */
  private async unpublished(files: string[]) {
    const base = await this.git.base(this.git.liveRef)
    const changed = new Set((await this.git.changedSince(base)).map((c) => c.file))
    return files.filter((f) => changed.has(f))
  }

  async restore(file: string, target: string) {
    const { git } = this
    if (!PUBLISHED.test(file) || file.split('/').includes('..'))
      throw new HttpError(400, 'Only pages and images can be restored.')
    if ((await this.unpublished([file])).length)
      throw new HttpError(409, `${file} has edits that are not published: publish or discard them first.`)
    const [version] = (await git.history(file, 500)).filter((v) => v.commit === target)
    if (!version) throw new HttpError(400, 'That version of the page is not on the live site.')
    const content = await git.at(target, file)
    const message = `Restore ${file} as published on ${version.date.slice(0, 10)}\n\n“${version.message}” (${target})`
    const { commit, contents } = await this.commitAndPush(
      async () => ({ live: await git.fetchLive(), contents: [{ file, content }] }),
      message,
    )
    return { commit, note: await this.catchUp(commit, contents) }
  }
}

type Choices = Record<string, Record<string, Choice>>

/** A branch of its own for a publish in review: publish/<date>-<page>. */
function reviewBranch(file: string) {
  const name = file.replace(/^.*\//, '').replace(/\.[a-z]+$/i, '')
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')
  return `publish/${stamp}-${name}`
}
