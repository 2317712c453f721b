// The layers of the project: which folder may import which, checked by dependency-cruiser over
// every top-level folder (`npm run lint:layers`; in npm test by
// tests/unit/engine/layers-import-only-downwards.test.ts). Each rule says what it forbids and why.
// A layer imports from its own layer or a lower one; a part two layers share lives below both.
//
//   browser:  src/content < src/ui < src/measure < src/forms < src/blocks < src/app  (and the
//             entries at src/'s top), beside them common/ and forms/, which everything may read
//   build:    src/engine (content at build time) < src/build, src/vite < src/editor
//   backend:  supabase/functions/_shared < _runtime < each function; server/ beside them
//   commands: scripts/, then bench/, then tests/, which may import anything
//
// dependency-cruiser reads TypeScript through TypeScript 5 (scripts/layers/), not the project's 7.

/** The browser's layers, lowest first: each imports none of the layers after it. */
const BROWSER_STACK = ['src/content', 'src/ui', 'src/measure', 'src/forms', 'src/blocks', 'src/app']

/** Browser code: the layers above and the entries at src/'s top (the app's start, the service worker, the icons). */
const BROWSER = '^(src/(app|blocks|forms|measure|ui|content)/|src/[^/]+$)'

const stackRules = BROWSER_STACK.slice(0, -1).map((layer, i) => ({
  name: `${layer.replace('src/', '')}-imports-no-layer-above`,
  comment: `${layer} sits below ${BROWSER_STACK.slice(i + 1).join(', ')}: what it needs from them belongs lower down.`,
  severity: 'error',
  from: { path: `^${layer}/` },
  to: { path: `^(${BROWSER_STACK.slice(i + 1).join('|')})/` },
}))

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No cycles, type-only imports included: a cycle makes two modules one, and the order they load in decides what each sees.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'Every import resolves to a file or a package: an import that does not is a typo, or a package left out of package.json.',
      severity: 'error',
      from: {},
      // postgres: the edge functions import it through their import map (supabase/functions/deno.json,
      // npm:postgres), which Deno resolves; it is no Node dependency of the project.
      to: { couldNotResolve: true, pathNot: '^postgres$' },
    },
    {
      name: 'browser-imports-no-build-server-editor-bench-or-tests',
      comment:
        'Browser code is bundled for the visitor: the engine, the build, the Vite plugins, the editor, the servers, the edge functions, the commands, the bench and the tests are not for it, and the bundle must not pull them in.',
      severity: 'error',
      from: { path: BROWSER },
      to: { path: '^(src/(engine|build|vite|editor)/|server/|supabase/|scripts/|bench/|tests/)' },
    },
    {
      name: 'browser-imports-no-node-builtin',
      comment: 'Browser code runs in a browser, where no Node.js module is.',
      severity: 'error',
      from: { path: BROWSER },
      to: { dependencyTypes: ['core'] },
    },
    ...stackRules,
    {
      name: 'blocks-shared-parts-are-for-blocks',
      comment:
        "src/blocks/_shared holds parts several blocks use: a part another browser layer or the engine needs belongs lower down (src/ui, src/content), not in the blocks' own. The build, above the blocks, reads their image layouts to cut each photo's variants.",
      severity: 'error',
      from: { path: '^(src/(app|ui|content|measure|forms|engine)/|src/[^/]+$)' },
      to: { path: '^src/blocks/_shared/' },
    },
    {
      name: 'icon-names-import-nothing',
      comment:
        'src/icon-names.ts is the list of icon names every layer may read, from the bottom up: it imports nothing.',
      severity: 'error',
      from: { path: '^src/icon-names\\.ts$' },
      to: {},
    },
    {
      name: 'common-imports-only-common',
      comment:
        'common/ holds the rules the browser, the build and the edge functions all share (conditional fields, ajv options, measurement limits): it runs in all three, so it imports nothing but itself and packages, and no Node.js module.',
      severity: 'error',
      from: { path: '^common/' },
      to: { pathNot: '^(common/|node_modules/)' },
    },
    {
      name: 'forms-import-only-forms-and-common',
      comment:
        "forms/ is the site's forms (schemas, settings, words), read by the browser, the build and the edge functions alike: like common/, it imports only itself, common/ and packages.",
      severity: 'error',
      from: { path: '^forms/' },
      to: { pathNot: '^(forms/|common/|node_modules/)' },
    },
    {
      name: 'edge-functions-import-only-their-own-common-and-forms',
      comment:
        'The edge functions are deployed alone to Deno (supabase/functions): they import nothing from src/, server/, scripts/, bench/ or tests/, only each other, common/, forms/ and packages (through their import map).',
      severity: 'error',
      from: { path: '^supabase/functions/' },
      to: { pathNot: '^(supabase/functions/|common/|forms/|node_modules/|postgres$)' },
    },
    {
      name: 'engine-imports-no-app-build-vite-or-editor',
      comment:
        "src/engine is the content at build time, below the build, the Vite plugins and the editor that use it; the app is the browser's top layer, beside it: what both need lives lower (src/content, src/ui).",
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: '^(src/(app|build|vite|editor)/|src/entry-[^/]+$|server/|supabase/|scripts/|bench/|tests/)' },
    },
    {
      name: 'build-and-vite-import-no-editor-commands-bench-or-tests',
      comment:
        'The build and the Vite plugins serve the commands and the editor, not the other way round (the editor plugin aside, which starts the editor in a development server).',
      severity: 'error',
      from: { path: '^src/(build|vite)/' },
      to: { path: '^(scripts/|bench/|tests/)' },
    },
    {
      name: 'build-imports-no-editor',
      comment: 'The editor builds on the build (its previews, its sharing images), not the other way round.',
      severity: 'error',
      from: { path: '^src/build/' },
      to: { path: '^src/editor/' },
    },
    {
      name: 'server-imports-no-app-build-or-commands',
      comment:
        "server/ (the production server, the local backend) serves dist/ and runs the edge functions' code: it reads the content's types and addresses (src/content) and the backend (supabase/functions/_shared), nothing of the app, the build, the editor or the commands.",
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src/(?!content/)|scripts/|bench/|tests/)' },
    },
    {
      name: 'nothing-imports-the-commands',
      comment:
        'scripts/ holds the command-line entry points: only other commands, the bench and the tests import them.',
      severity: 'error',
      from: { pathNot: '^(scripts/|bench/|tests/)' },
      to: { path: '^scripts/' },
    },
    {
      name: 'only-tests-import-the-bench',
      comment: 'bench/ measures the project; only its tests import it.',
      severity: 'error',
      from: { pathNot: '^(bench/|tests/)' },
      to: { path: '^bench/' },
    },
    {
      name: 'nothing-outside-tests-imports-tests',
      comment:
        "Nothing outside tests/ imports tests/, so a test can change without the site, the commands or the bench noticing. vitest.config.ts is the tests' own configuration: it names their sequencer.",
      severity: 'error',
      from: { pathNot: '^(tests/|vitest\\.config\\.ts$)' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    // Type-only imports count: a type-only cycle is a cycle, and a type-only upward import a layer broken.
    tsPreCompilationDeps: true,
    // tsconfig.json's paths: the engine imports the site's forms as @site/forms/… (src/vite/config.ts sets the same alias).
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages are leaves: the rules are about the project's own folders.
    doNotFollow: { path: 'node_modules' },
    // Not the project's source: packages, build output, caches (the Deno cache's copies among them).
    // And modules no file holds, so not resolvable, and no layer: `virtual:…` modules are made by the
    // Vite plugins (src/vite/site-content.ts, src/vite/form-validators.ts); `npm:`, `jsr:` and URL
    // imports are Deno's, resolved by the edge functions' runtime.
    exclude: { path: ['(^|/)(node_modules|dist|\\.cache|\\.data|bench/tmp)/', '^virtual:', '^(npm|jsr|https?):'] },
    // Packages by their package.json's exports, as Node.js and Vite resolve them (lucide-react/icons/…, vite).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    moduleSystems: ['es6', 'cjs'],
    reporterOptions: { text: { highlightFocused: true } },
  },
}
