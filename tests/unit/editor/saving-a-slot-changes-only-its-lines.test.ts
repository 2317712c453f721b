// The editor saves the blocks in a block's slots (the hero's aside, the columns' columns) as it
// saves the page's own blocks (src/editor/server/yaml-edit.ts): only the lines of the slot's
// blocks that changed, every other line of the page as written.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { editYaml } from '../../../src/editor/server/yaml-edit'

type Block = Record<string, unknown> & { type: string }
type Page = { meta: Record<string, unknown>; blocks: Block[] }

const ORLANDO = readFileSync('pages/orlando-security-services.yaml', 'utf8')
const PICTURE = { type: 'picture', image: { src: '/images/team/protection-director.svg', alt: 'A portrait' } }

const lines = (text: string) => text.split('\n')

describe("saving a block's slot", () => {
  it("replaces the hero aside's form by a picture in those lines only", () => {
    const page = parse(ORLANDO) as Page
    const hero = page.blocks[0]
    const form = (hero.aside as Block[])[0]
    hero.aside = [PICTURE]
    const after = editYaml(ORLANDO, page)
    expect(parse(after)).toEqual(page)
    const before = lines(ORLANDO)
    const start = before.indexOf('    aside:') + 1
    const formLines = before.slice(start).findIndex((l) => !l.startsWith('      ')) // the form's lines end
    expect(lines(after).slice(0, start)).toEqual(before.slice(0, start))
    expect(lines(after).slice(start + 4)).toEqual(before.slice(start + formLines))
    expect(lines(after).slice(start, start + 4)).toEqual([
      '      - type: picture',
      '        image:',
      '          src: /images/team/protection-director.svg',
      '          alt: A portrait',
    ])
    // And back: the form written anew, the same page as before, every line around it as written.
    hero.aside = [form]
    const back = editYaml(after, page)
    expect(parse(back)).toEqual(parse(ORLANDO))
    const next = (text: string) => lines(text).indexOf('  - type: cards')
    expect(lines(back).slice(next(back))).toEqual(before.slice(next(ORLANDO)))
    expect(lines(back).slice(0, start)).toEqual(before.slice(0, start))
  })

  it("moves a column's block with its own text, the rest of the page unchanged", () => {
    const text = `${ORLANDO}  - type: columns
    heading: Why Clients Choose Us
    columns:
      # The words first.
      - type: prose
        heading: Planned Around You
        content:
          - Every assignment starts with a written threat assessment.
      - type: picture
        image: { src: /images/team/protection-director.svg, alt: A portrait }
`
    const page = parse(text) as Page
    const columns = page.blocks.at(-1) as Block
    columns.columns = [...(columns.columns as Block[])].reverse()
    const after = editYaml(text, page)
    expect(parse(after)).toEqual(page)
    expect(lines(after).sort()).toEqual(lines(text).sort())
    expect(after.slice(0, ORLANDO.length - 1)).toBe(ORLANDO.slice(0, -1))
    expect(after.indexOf('- type: picture')).toBeLessThan(after.indexOf('- type: prose'))
  })
})
