// npm run blocks: rewrites src/blocks/*.gen.ts from the block folders.
import { writeBlockRegistries } from '../src/engine/block-registry'

const changed = await writeBlockRegistries(process.cwd())
console.log(changed.length ? `Rewrote ${changed.join(', ')}.` : 'The block registries are up to date.')
