/**
 * The one rule for showing a caller's value in an error (`engine/errors/displayValue.ts`): typed, cut to
 * `DISPLAY_MAX_CHARS`, bounded work whatever the value — and applied by the error classes themselves.
 */
import { describe, expect, it } from 'vitest'
import {
  DISPLAY_MAX_CHARS,
  InvalidAddressError,
  InvalidParameterError,
  UnsupportedSwapDirectionError,
  cutText,
  displayValue,
} from '../../../engine/errors/index.js'

const deep = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels))

describe('displayValue', () => {
  it('shows a short value as it is: a string raw, anything else as its JSON literal', () => {
    expect(displayValue('0xabc')).toBe('0xabc')
    expect(displayValue(42)).toBe('42')
    expect(displayValue(12n)).toBe('12')
    expect(displayValue(true)).toBe('true')
    expect(displayValue(null)).toBe('null')
    expect(displayValue(undefined)).toBe('undefined')
    expect(displayValue(['a', 1, null])).toBe('["a",1,null]')
    expect(displayValue({ bps: 25, receiverAddress: 'x' })).toBe('{"bps":25,"receiverAddress":"x"}')
    expect(displayValue([])).toBe('[]')
  })

  it('cuts a long string to DISPLAY_MAX_CHARS, ending in …; a 132-character signature stays whole', () => {
    const shown = displayValue('a'.repeat(1_000_000))
    expect(shown).toHaveLength(DISPLAY_MAX_CHARS)
    expect(shown).toBe(`${'a'.repeat(DISPLAY_MAX_CHARS - 1)}…`)
    const signature = `0x${'ab'.repeat(65)}`
    expect(displayValue(signature)).toBe(signature)
  })

  it('shows a value nested 20,000 deep (where JSON.stringify overflows the stack) as its first levels', () => {
    const value = deep(20_000)
    expect(() => JSON.stringify(value)).toThrow(RangeError)
    expect(displayValue(value)).toBe('[[[[[…]]]]]')
  })

  it('stops reading a huge array or object once the text is full', () => {
    const wide = Array.from({ length: 500_000 }, (_, index) => index)
    const shown = displayValue(wide)
    expect(shown).toHaveLength(DISPLAY_MAX_CHARS)
    expect(shown.startsWith('[0,1,2,3,')).toBe(true)
    const keys = Object.fromEntries(Array.from({ length: 1_000 }, (_, index) => [`k${index}`, 'v'.repeat(500)]))
    expect(displayValue(keys)).toHaveLength(DISPLAY_MAX_CHARS)
    expect(displayValue({ ['k'.repeat(10_000)]: 1 }).length).toBeLessThanOrEqual(DISPLAY_MAX_CHARS)
  })

  it('never cuts a surrogate pair in half', () => {
    for (const prefix of ['', 'a']) {
      const shown = cutText(prefix + '😀'.repeat(200))
      expect(shown.length).toBeLessThanOrEqual(DISPLAY_MAX_CHARS)
      expect(shown.endsWith('😀…')).toBe(true)
      // A lone surrogate would be escaped by JSON.stringify as a \u escape; none is left.
      expect(JSON.stringify(shown)).not.toMatch(/\\ud[89ab]/i)
    }
  })

  it('cutText leaves a text that fits unchanged', () => {
    const fits = 'x'.repeat(DISPLAY_MAX_CHARS)
    expect(cutText(fits)).toBe(fits)
    expect(cutText(`${fits}y`)).toBe(`${'x'.repeat(DISPLAY_MAX_CHARS - 1)}…`)
  })
})

describe('the error classes that echo a caller text cut it themselves', () => {
  const huge = 'z'.repeat(1_000_000)

  it('InvalidParameterError: parameter and value, in details and in the message', () => {
    const error = new InvalidParameterError({ parameter: huge, value: huge, reason: 'bad' })
    expect(error.details.parameter).toHaveLength(DISPLAY_MAX_CHARS)
    expect(error.details.value).toHaveLength(DISPLAY_MAX_CHARS)
    expect(error.details.reason).toBe('bad')
    expect(error.message.length).toBeLessThan(2 * DISPLAY_MAX_CHARS)
  })

  it('InvalidAddressError: field and address', () => {
    const error = new InvalidAddressError({ field: huge, address: huge, reason: 'not an address' })
    expect(error.details.address).toHaveLength(DISPLAY_MAX_CHARS)
    expect(error.details.field).toHaveLength(DISPLAY_MAX_CHARS)
    expect(error.message.length).toBeLessThan(2 * DISPLAY_MAX_CHARS)
  })

  it('UnsupportedSwapDirectionError: the direction', () => {
    const error = new UnsupportedSwapDirectionError({ swapDirection: huge })
    expect(error.details.swapDirection).toHaveLength(DISPLAY_MAX_CHARS)
    expect(error.message.length).toBeLessThan(2 * DISPLAY_MAX_CHARS)
  })
})
