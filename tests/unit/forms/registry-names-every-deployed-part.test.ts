// A form's kind, function and table are written once, in its registry entry; the parts that
// cannot import it (the Supabase config, the function folders, the migration) are checked here.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FORM_KINDS, FORMS } from '../../../forms/registry'
import { OPERATING_FUNCTIONS } from '../../../supabase/functions/_shared/backend'

const config = readFileSync('supabase/config.toml', 'utf8')
const deploy = /supabase functions deploy ([a-z -]+)/.exec(readFileSync('.github/workflows/pipeline.yml', 'utf8'))?.[1]
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
const migrations = readdirSync('supabase/migrations')
  .map((file) => readFileSync(`supabase/migrations/${file}`, 'utf8'))
  .join('\n')

describe('the form registry', () => {
  it.each(FORM_KINDS)('%s: its function is deployed, serves this form, and its table exists', (kind) => {
    const { functionName, table } = FORMS[kind]
    expect(FORM_KINDS.filter((other) => FORMS[other].functionName === functionName)).toEqual([kind])
    expect(config).toContain(`[functions.${functionName}]`)
    const entry = `supabase/functions/${functionName}/index.ts`
    expect(existsSync(entry), entry).toBe(true)
    expect(readFileSync(entry, 'utf8')).toContain(`serveFunction('${functionName}', FORMS)`)
    expect(migrations).toMatch(new RegExp(`create table ${table} \\(`))
  })

  it('has a folder per form, and every deployed function is a form of the registry or one of the backend’s own', () => {
    const deployed = readdirSync('supabase/functions', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
    const takingSubmissions = deployed.filter((name) => !(OPERATING_FUNCTIONS as readonly string[]).includes(name))
    expect(takingSubmissions.sort()).toEqual(FORM_KINDS.map((kind) => FORMS[kind].functionName).sort())
    for (const name of deployed) {
      expect(config).toContain(`[functions.${name}]`)
      expect(readFileSync(`supabase/functions/${name}/index.ts`, 'utf8')).toContain(`serveFunction('${name}', FORMS)`)
      expect(packageJson.scripts['check:deno']).toContain(`supabase/functions/${name}/index.ts`)
      expect(deploy?.split(' '), 'the pipeline deploys it').toContain(name)
    }
    for (const kind of FORM_KINDS) expect(existsSync(`forms/${kind}/schema.json`)).toBe(true)
  })
})
