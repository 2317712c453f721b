// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { matches, stripInactiveConditionals } from '../../../common/forms/conditional.ts'
import applicationSchema from '../../../forms/application/schema.json' with { type: 'json' }
import { goodApplication } from './helpers.ts'

describe('stripInactiveConditionals', () => {
  it('drops every details field whose question is not answered yes', () => {
    const data = goodApplication({
      otherLanguagesDetails: 'Spanish',
      misdemeanorDetails: 'x',
      marijuanaDetails: 'x',
      disciplineDetails: 'x',
      terminationDetails: 'x',
      militaryBranch: 'Navy',
    })
    const kept = stripInactiveConditionals(applicationSchema, data)
    for (const name of [
      'otherLanguagesDetails',
      'misdemeanorDetails',
      'marijuanaDetails',
      'disciplineDetails',
      'terminationDetails',
      'militaryBranch',
    ]) {
      expect(kept).not.toHaveProperty(name)
    }
    expect(kept.firstName).toBe('John')
    expect(data).toHaveProperty('militaryBranch', 'Navy') // input left untouched
  })

  it('keeps details whose question is answered yes, and the branch for any military answer but none', () => {
    const data = goodApplication({
      otherLanguages: 'yes',
      otherLanguagesDetails: 'Spanish',
      jobTermination: 'yes',
      terminationDetails: 'Downsized',
      militaryService: 'active-reserve',
      militaryBranch: 'Army',
    })
    const kept = stripInactiveConditionals(applicationSchema, data)
    expect(kept).toMatchObject({
      otherLanguagesDetails: 'Spanish',
      terminationDetails: 'Downsized',
      militaryBranch: 'Army',
    })
  })

  it('drops a conditional field when its controlling answer is missing', () => {
    expect(stripInactiveConditionals(applicationSchema, { militaryBranch: 'Navy' })).toEqual({})
  })

  it('keeps a field that an active branch shows even if an inactive one would hide it', () => {
    const schema = {
      allOf: [
        { if: { properties: { a: { const: 'yes' } }, required: ['a'] }, then: { required: ['x'] } },
        { if: { properties: { b: { const: 'yes' } }, required: ['b'] }, then: { required: ['x'] } },
      ],
    }
    expect(stripInactiveConditionals(schema, { a: 'no', b: 'yes', x: 1 })).toEqual({ a: 'no', b: 'yes', x: 1 })
    expect(stripInactiveConditionals(schema, { a: 'no', b: 'no', x: 1 })).toEqual({ a: 'no', b: 'no' })
  })

  it('understands else branches and enum/anyOf/type conditions', () => {
    const schema = {
      if: { properties: { kind: { enum: ['a', 'b'], type: 'string' } }, required: ['kind'] },
      then: { properties: { forAB: { type: 'string' } } },
      else: { required: ['forOthers'] },
    }
    expect(stripInactiveConditionals(schema, { kind: 'a', forAB: '1', forOthers: '2' })).toEqual({
      kind: 'a',
      forAB: '1',
    })
    expect(stripInactiveConditionals(schema, { kind: 'c', forAB: '1', forOthers: '2' })).toEqual({
      kind: 'c',
      forOthers: '2',
    })
    expect(matches({ anyOf: [{ const: 1 }, { const: [1, 2] }] }, [1, 2])).toBe(true)
  })

  it('refuses a condition keyword it cannot evaluate rather than guessing', () => {
    const schema = { if: { properties: { a: { pattern: '^y' } } }, then: { required: ['b'] } }
    expect(() => stripInactiveConditionals(schema, { a: 'yes', b: '1' })).toThrow(/unsupported keyword "pattern"/)
  })
})
