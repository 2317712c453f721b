// The page editor's publishing requests (GET publish, history; POST publish, undo, restore), on
// publish-git.ts: what changed since what is live with `npm run check`'s problems, one commit
// pushed to the live branch (or to a review branch of its own), conflicts settled field by field,
// undo and restore as new commits. One git operation at a time.
import { parse } from 'yaml'
import { addressOf } from '../../content/addresses'
import type { Problem } from '../../engine/problems'
import { type Choice, mergeFields } from './merge-fields'
import { type FileContent, GitError, PUBLISHED, PublishGit } from './publish-git'
import { editYaml } from './yaml-edit'

export type PublishContext = {
  root: string
  /** `npm run check`'s problems of the file with `text` in its place (the file as it is without). */
  problems: (file: string, text?: string) => Promise<Problem[]>
  /** Tells the content store which files changed on disk. */
  changed: (files: string[]) => void
}
type Answer = { status: number; body: Record<string, unknown> }

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message)
  }
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

export function publishRoutes(context: PublishContext) {
  const git = new PublishGit(context.root)
  let queue: Promise<unknown> = Promise.resolve()
  const oneAtATime = <T>(task: () => Promise<T>) => {
    const next = queue.then(task, task)
    queue = next.catch(() => undefined)
    return next
  }

  /** Every page and image changed since what is live, with its data before and after and its problems. */
  async function status() {
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
    return {
      settings: git.settings,
      live,
      files,
      published: await git.published(),
    }
  }

  /** The files' contents to publish, the same lines changed on both sides settled by `choices`. */
  async function merged(files: string[], choices: Record<string, Record<string, Choice>>) {
    const prepared = await git.prepare(files)
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
      const text = editYaml(live.toString('utf8'), data)
      const errors = errorsIn(await context.problems(file, text))
      if (errors.length)
        throw new Refusal(422, `${file} as merged has ${errors.length} problem(s) to fix first.`, { problems: errors })
      contents.push({ file, content: Buffer.from(text) })
    }
    if (open.length)
      throw new Refusal(409, 'The live site changed the same fields meanwhile: choose which value to keep.', {
        conflicts: open,
        live: prepared.live,
      })
    return { live: prepared.live, contents }
  }

  /** Commits `make`'s files on the live branch (or a review branch) and pushes, again if the remote moved. */
  async function commitAndPush(
    make: () => Promise<{ live: string; contents: FileContent[] }>,
    message: string,
    branch = git.settings.branch,
  ) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { live, contents } = await make()
      const commit = await git.commit(live, contents, message)
      if (!commit) throw new Refusal(409, 'The live site already has these contents: there is nothing to publish.')
      if (await git.push(commit, branch)) return { commit, contents }
    }
    throw new Refusal(409, 'The live site kept changing while publishing; try again.')
  }

  /** The marketer's copy brought up to the commit, where nothing unpublished is on the files. */
  async function catchUp(commit: string, contents: FileContent[]) {
    const note = await git.catchUp(commit, contents)
    context.changed(contents.map((c) => c.file))
    return note
  }

  async function publish(body: Record<string, unknown>) {
    const files = Array.isArray(body.files) ? body.files.map(String) : []
    const message = String(body.message ?? '').trim()
    if (!files.length || !message) throw new Refusal(400, 'Name the files to publish and write a message.')
    const changed = new Set((await git.changedSince(await git.base(await git.fetchLive()))).map((c) => c.file))
    for (const file of files)
      if (!PUBLISHED.test(file) || !changed.has(file)) throw new Refusal(400, `${file} has no changes to publish.`)
    for (const file of files.filter((f) => isPage(f) && git.onDisk(f))) {
      const errors = errorsIn(await context.problems(file))
      if (errors.length)
        throw new Refusal(422, `${file} has ${errors.length} problem(s) to fix before it can be published.`, {
          problems: errors,
        })
    }
    const choices = (body.choices ?? {}) as Record<string, Record<string, Choice>>
    const review = body.review === true
    const branch = review ? reviewBranch(files[0]) : git.settings.branch
    const { commit, contents } = await commitAndPush(() => merged(files, choices), message, branch)
    if (review) return { commit, branch, compare: await git.compareUrl(branch) }
    return { commit, branch, note: await catchUp(commit, contents) }
  }

  /** The contents of `commit`'s files on the live branch as they were before it, others' later edits kept. */
  async function reverted(commit: string) {
    const live = await git.fetchLive()
    if (!(await git.isLive(commit, live))) throw new Refusal(400, 'That version is not on the live site.')
    const contents: FileContent[] = []
    for (const { file, before, after } of await git.filesBefore(commit)) {
      const content = await git.mergeFile(after, before, await git.at(live, file))
      if (content === undefined)
        throw new Refusal(409, `${file} was changed on the same lines since; it cannot be undone on its own.`)
      contents.push({ file, content })
    }
    return { live, contents }
  }

  /** Files with unpublished edits on disk among `contents`: those are not overwritten. */
  async function unpublished(files: string[]) {
    const base = await git.base(git.liveRef)
    const changed = new Set((await git.changedSince(base)).map((c) => c.file))
    return files.filter((f) => changed.has(f))
  }

  async function undo(body: Record<string, unknown>) {
    const target = String(body.commit ?? '')
    const [version] = (await git.published(200)).filter((v) => v.commit === target)
    if (!version) throw new Refusal(400, 'That publish is not on the live site.')
    const message = `Undo “${version.message}”\n\nThis reverts commit ${target}.`
    const { commit, contents } = await commitAndPush(() => reverted(target), message)
    const kept = await unpublished(contents.map((c) => c.file))
    return { commit, note: kept.length ? `kept: ${kept.join(', ')}` : await catchUp(commit, contents) }
  }

  async function restore(body: Record<string, unknown>) {
    const file = String(body.file ?? '')
    const target = String(body.commit ?? '')
    if (!PUBLISHED.test(file) || file.split('/').includes('..'))
      throw new Refusal(400, 'Only pages and images can be restored.')
    if ((await unpublished([file])).length)
      throw new Refusal(409, `${file} has edits that are not published: publish or discard them first.`)
    const [version] = (await git.history(file, 500)).filter((v) => v.commit === target)
    if (!version) throw new Refusal(400, 'That version of the page is not on the live site.')
    const content = await git.at(target, file)
    const message = `Restore ${file} as published on ${version.date.slice(0, 10)}\n\n“${version.message}” (${target})`
    const { commit, contents } = await commitAndPush(
      async () => ({ live: await git.fetchLive(), contents: [{ file, content }] }),
      message,
    )
    return { commit, note: await catchUp(commit, contents) }
  }

  /** The answer to a publishing request, or undefined when the route is not one. */
  return async (method: string, route: string, url: URL, body: () => Promise<Record<string, unknown>>) => {
    const handlers: Record<string, (() => Promise<Record<string, unknown>>) | undefined> = {
      'GET publish': status,
      'GET history': async () => ({ versions: await git.history(String(url.searchParams.get('file'))) }),
      'POST publish': async () => publish(await body()),
      'POST undo': async () => undo(await body()),
      'POST restore': async () => restore(await body()),
    }
    const handler = handlers[`${method} ${route}`]
    if (!handler) return undefined
    try {
      return { status: 200, body: await oneAtATime(handler) } satisfies Answer
    } catch (error) {
      if (error instanceof Refusal) return { status: error.status, body: { error: error.message, ...error.body } }
      if (error instanceof GitError) return { status: 502, body: { error: error.message, git: true } }
      throw error
    }
  }
}

/** A branch of its own for a publish in review: publish/<date>-<page>. */
function reviewBranch(file: string) {
  const name = file.replace(/^.*\//, '').replace(/\.[a-z]+$/i, '')
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')
  return `publish/${stamp}-${name}`
}
