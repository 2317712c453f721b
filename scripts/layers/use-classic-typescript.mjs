// Loaded with `node --import` before dependency-cruiser (npm run lint:layers): points
// dependency-cruiser's own `import('typescript')` (and the `require` of its package.json that
// checks the version) at TypeScript 5, installed beside this file, while everything else keeps
// the project's TypeScript 7. dependency-cruiser reads TypeScript through the compiler API, which
// TypeScript 7.0 does not have; it looks for `typescript` from its own folder and declares no
// dependency on it, so neither an npm override nor an alias can reach it.
import * as nodeModule from 'node:module'

// Synchronous hooks, which reach `require` as well as `import`: Node.js 22.15 and later.
const { registerHooks } = nodeModule
if (!registerHooks) throw new Error(`npm run lint:layers needs Node.js 22.15 or later (this is ${process.version})`)

const classic = import.meta.resolve('typescript')
const classicRoot = new URL('./', import.meta.resolve('typescript/package.json')).href

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (context.parentURL?.includes('/node_modules/dependency-cruiser/')) {
      if (specifier === 'typescript') return { url: classic, shortCircuit: true }
      if (specifier.startsWith('typescript/'))
        return { url: new URL(specifier.slice('typescript/'.length), classicRoot).href, shortCircuit: true }
    }
    return nextResolve(specifier, context)
  },
})
