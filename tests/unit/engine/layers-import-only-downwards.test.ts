// The layers of the project, as the table in .dependency-cruiser.cjs says them, hold over every
// top-level folder: dependency-cruiser (`npm run lint:layers`) finds no import against them and
// no cycle, type-only imports included. So that the check cannot pass by reading nothing, it is
// shown to have read every folder, and to report imports planted against the table in a copy.
import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { scratchFolder } from '../scratch'

const ROOT = resolve(import.meta.dirname, '../../..')

type Cruise = {
  modules: { source: string; coreModule?: boolean; couldNotResolve?: boolean }[]
  summary: { violations: { rule: { name: string }; from: string; to: string; cycle?: { name: string }[] }[] }
}

/** dependency-cruiser over `cwd`, with the project's table, as `npm run lint:layers` runs it. */
function cruise(cwd: string): Promise<Cruise> {
  const args = [
    '--import',
    join(ROOT, 'scripts/layers/use-classic-typescript.mjs'),
    join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
    '--config',
    join(ROOT, '.dependency-cruiser.cjs'),
    '--output-type',
    'json',
    '.',
  ]
  return new Promise((done, fail) =>
    // It exits with the number of violations found: its report is what counts.
    execFile(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (stdout) done(JSON.parse(stdout) as Cruise)
      else fail(new Error(`dependency-cruiser wrote nothing (${error?.message}): ${stderr}`))
    }),
  )
}

// Reading some 540 files takes seconds, several times that on a busy machine.
const CRUISE_TIMEOUT = 60_000

const described = (cruised: Cruise) =>
  cruised.summary.violations.map((v) =>
    v.cycle
      ? `${v.rule.name}: ${v.from} → ${v.cycle.map((c) => c.name).join(' → ')}`
      : `${v.rule.name}: ${v.from} → ${v.to}`,
  )

describe('the layer table over the project', () => {
  let project: Cruise
  beforeAll(async () => {
    project = await cruise(ROOT)
  }, CRUISE_TIMEOUT)

  it('reads every top-level folder and the configuration files at the top', () => {
    const tops = new Set(
      project.modules
        .filter((m) => !m.coreModule && !m.couldNotResolve && !m.source.startsWith('node_modules/'))
        .map((m) => m.source.split('/')[0]),
    )
    for (const top of ['src', 'server', 'scripts', 'bench', 'common', 'forms', 'supabase', 'tests'])
      expect(tops, top).toContain(top)
    for (const file of ['vite.config.ts', 'vitest.config.ts', '.dependency-cruiser.cjs']) expect(tops).toContain(file)
    // Each of src/'s layers, by a file each is known to hold.
    const sources = new Set(project.modules.map((m) => m.source))
    for (const file of [
      'src/content/types.ts',
      'src/ui/layout-icons.ts',
      'src/measure/start.ts',
      'src/forms/JsonSchemaForm.tsx',
      'src/blocks/define.ts',
      'src/app/head.ts',
      'src/engine/load-content.ts',
      'src/build/index.ts',
      'src/vite/config.ts',
      'src/editor/server/routes.ts',
      'supabase/functions/_shared/handler.ts',
      'supabase/functions/submit-lead/index.ts',
    ])
      expect(sources, file).toContain(file)
  })

  it('finds no import against the table and no cycle, type-only imports included', () => {
    expect(described(project)).toEqual([])
  })
})

describe('the layer table against imports planted in a copy', () => {
  let planted: string[]
  beforeAll(async () => {
    const dir = scratchFolder('layers-')
    const files: Record<string, string> = {
      // The browser's blocks reaching for the build.
      'src/blocks/planted/PlantedBlock.tsx': "import { built } from '../../build/planted'\nexport const x = built\n",
      'src/build/planted.ts': 'export const built = 1\n',
      // A layer below importing one above: the bottom layer importing a block.
      'src/content/planted.ts': "import type { X } from '../blocks/planted-types'\nexport type Y = X\n",
      'src/blocks/planted-types.ts': 'export type X = 1\n',
      // A cycle of type-only imports.
      'common/a.ts': "import type { B } from './b'\nexport type A = { b?: B }\n",
      'common/b.ts': "import type { A } from './a'\nexport type B = { a?: A }\n",
      // An edge function importing the server, beside its import map's package and a Deno import.
      'supabase/functions/planted/index.ts':
        "import postgres from 'postgres'\nimport { serve } from 'jsr:@std/http'\nimport { s } from '../../../server/planted'\nexport default [postgres, serve, s]\n",
      'server/planted.ts': 'export const s = 1\n',
      // A Vite plugin's virtual module, read by the browser's forms.
      'src/forms/planted.ts': "import validate from 'virtual:form-validator/contact'\nexport default validate\n",
      // The bench importing a test's helper.
      'bench/planted.ts': "import { helper } from '../tests/helper'\nexport default helper\n",
      'tests/helper.ts': 'export const helper = 1\n',
      // An import of a file that is not there.
      'scripts/planted.ts': "import { gone } from './gone'\nexport default gone\n",
      // The project's paths (the site's forms as @site/forms/…), which the table resolves through.
      'tsconfig.json': readFileSync(join(ROOT, 'tsconfig.json'), 'utf8'),
    }
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true })
      writeFileSync(join(dir, file), text)
    }
    planted = described(await cruise(dir)).sort()
  }, CRUISE_TIMEOUT)

  it('reports an import up the layers and out of the browser', () => {
    expect(planted).toContain(
      'browser-imports-no-build-server-editor-bench-or-tests: src/blocks/planted/PlantedBlock.tsx → src/build/planted.ts',
    )
    expect(planted).toContain('content-imports-no-layer-above: src/content/planted.ts → src/blocks/planted-types.ts')
    expect(planted).toContain(
      'edge-functions-import-only-their-own-common-and-forms: supabase/functions/planted/index.ts → server/planted.ts',
    )
    expect(planted).toContain('nothing-outside-tests-imports-tests: bench/planted.ts → tests/helper.ts')
  })

  it('reports a cycle of type-only imports', () => {
    expect(planted).toContain('no-circular: common/a.ts → common/b.ts → common/a.ts')
  })

  it('reports an import that resolves to nothing, but not virtual modules, Deno imports or the import map', () => {
    expect(planted).toContain('not-to-unresolvable: scripts/planted.ts → ./gone')
    // And nothing else: `virtual:…`, `jsr:…` and the import map's `postgres` are known, not errors.
    expect(planted).toHaveLength(6)
  })
})
