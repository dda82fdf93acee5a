import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Tick } from '../../../engine/graph/types.js'
import { lastTickAtOrBelow, nextInitializedTickWithinOneWord } from '../../../engine/pools/tickBitmap.js'
import { bitmapNext, bitmapOf } from './support/referenceV3Swap.js'

const ticksAt = (...indices: number[]): Tick[] => indices.map((index) => ({ index, liquidityNet: 1n }))

// Cases of Uniswap/v3-core test/TickBitmap.spec.ts (tick spacing 1, initialized ticks -200, -55, -4, 70, 78, 84,
// 139, 240, 535).
describe('nextInitializedTickWithinOneWord, tick spacing 1 (v3-core TickBitmap.spec.ts)', () => {
  const ticks = ticksAt(-200, -55, -4, 70, 78, 84, 139, 240, 535)
  const next = (tick: number, lte: boolean) => {
    const { tickNext, initialized } = nextInitializedTickWithinOneWord(ticks, tick, 1, lte)
    return [tickNext, initialized]
  }

  it('lte = false: next initialized tick to the right, or the end of the word', () => {
    expect(next(78, false)).toEqual([84, true])
    expect(next(-55, false)).toEqual([-4, true])
    expect(next(77, false)).toEqual([78, true])
    expect(next(-56, false)).toEqual([-55, true])
    expect(next(255, false)).toEqual([511, false])
    expect(next(-257, false)).toEqual([-200, true])
    expect(next(508, false)).toEqual([511, false])
    expect(next(383, false)).toEqual([511, false])
    const with340 = ticksAt(-200, -55, -4, 70, 78, 84, 139, 240, 340, 535)
    expect(nextInitializedTickWithinOneWord(with340, 328, 1, false)).toMatchObject({ tickNext: 340, initialized: true })
  })

  it('lte = true: this tick if initialized, next to the left, or the start of the word', () => {
    expect(next(78, true)).toEqual([78, true])
    expect(next(79, true)).toEqual([78, true])
    expect(next(258, true)).toEqual([256, false])
    expect(next(256, true)).toEqual([256, false])
    expect(next(72, true)).toEqual([70, true])
    expect(next(-257, true)).toEqual([-512, false])
    expect(next(1023, true)).toEqual([768, false])
    expect(next(900, true)).toEqual([768, false])
    const with329 = ticksAt(-200, -55, -4, 70, 78, 84, 139, 240, 329, 535)
    expect(nextInitializedTickWithinOneWord(with329, 456, 1, true)).toMatchObject({ tickNext: 329, initialized: true })
  })
})

describe('compressed ticks round toward −∞', () => {
  it('tick -91 with spacing 200 is compressed -1, in word -1', () => {
    const ticks = ticksAt(-5200, -200, 0, 200)
    expect(nextInitializedTickWithinOneWord(ticks, -91, 200, true)).toEqual({
      tickNext: -200,
      initialized: true,
      index: 1,
    })
    expect(nextInitializedTickWithinOneWord(ticks, -91, 200, false)).toEqual({
      tickNext: 0,
      initialized: true,
      index: 2,
    })
    // Word -1 covers compressed [-256, -1] → ticks [-51200, -200]; below it nothing is found within the word.
    expect(nextInitializedTickWithinOneWord(ticksAt(-60000), -201, 200, true)).toEqual({
      tickNext: -51200,
      initialized: false,
      index: -1,
    })
  })
})

describe('agrees with a real bitmap (slow reference)', () => {
  it('for random tick sets, spacings and positions, in both directions', () => {
    const spacing = fc.constantFrom(1, 10, 60, 200)
    fc.assert(
      fc.property(
        spacing,
        fc.uniqueArray(fc.integer({ min: -3000, max: 3000 }), { maxLength: 40 }),
        fc.integer({ min: -3_100_000, max: 3_100_000 }),
        fc.boolean(),
        (s, compressedTicks, rawTick, lte) => {
          const ticks = ticksAt(...[...compressedTicks].sort((a, b) => a - b).map((c) => c * s))
          const tick = Math.trunc(rawTick / 4) + (rawTick % 4) // any integer, also not a multiple of the spacing
          const result = nextInitializedTickWithinOneWord(ticks, tick, s, lte)
          expect([result.tickNext, result.initialized]).toEqual(bitmapNext(bitmapOf(ticks, s), tick, s, lte))
          if (result.initialized) expect(ticks[result.index]!.index).toBe(result.tickNext)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('lastTickAtOrBelow', () => {
  it('finds the last index ≤ tick by binary search', () => {
    const ticks = ticksAt(-60, 0, 60)
    expect(lastTickAtOrBelow(ticks, -61)).toBe(-1)
    expect(lastTickAtOrBelow(ticks, -60)).toBe(0)
    expect(lastTickAtOrBelow(ticks, 59)).toBe(1)
    expect(lastTickAtOrBelow(ticks, 1000)).toBe(2)
    expect(lastTickAtOrBelow([], 0)).toBe(-1)
  })
})
