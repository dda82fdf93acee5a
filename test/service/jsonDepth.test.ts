/**
 * The nesting check on a request's JSON text (`service/schema/jsonDepth.ts`), run before `JSON.parse`: brackets
 * count outside strings only, and the limit is the deepest nesting allowed.
 */
import { describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH, isJsonTooDeep } from '../../service/schema/jsonDepth.js'

const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels)

describe('isJsonTooDeep', () => {
  it('accepts nesting up to MAX_JSON_DEPTH and refuses one level more, arrays and objects alike', () => {
    expect(isJsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(isJsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    const objects = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1)
    expect(isJsonTooDeep(objects(MAX_JSON_DEPTH))).toBe(false)
    expect(isJsonTooDeep(objects(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(isJsonTooDeep(nested(20_000))).toBe(true)
  })

  it('counts depth, not brackets: many siblings are fine', () => {
    expect(isJsonTooDeep(`[${Array.from({ length: 10_000 }, () => '[[1]]').join(',')}]`)).toBe(false)
    expect(isJsonTooDeep('[[1]]', 1)).toBe(true)
    expect(isJsonTooDeep('[[1]]', 2)).toBe(false)
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(isJsonTooDeep(JSON.stringify({ text: nested(1_000) }))).toBe(false)
    expect(isJsonTooDeep(JSON.stringify([`"${nested(100)}\\`, '\\', nested(100)]))).toBe(false)
    // The escaped quote does not close the string: the brackets after it are still text.
    expect(isJsonTooDeep(`["\\"${nested(100)}"]`)).toBe(false)
    // An even run of backslashes does close it: the brackets after it count.
    expect(isJsonTooDeep(`["\\\\",${nested(100)}]`)).toBe(true)
  })

  it('judges a malformed text as far as it reads (JSON.parse refuses it afterwards)', () => {
    expect(isJsonTooDeep(`["${nested(100)}`)).toBe(false) // unterminated string
    expect(isJsonTooDeep('['.repeat(100))).toBe(true)
    expect(isJsonTooDeep(']'.repeat(100))).toBe(false)
  })
})
