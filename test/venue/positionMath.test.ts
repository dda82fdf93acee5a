/**
 * The position arithmetic in 10⁻⁶ integers (`service/venue/positionMath.ts`): rounding at its boundaries, and
 * properties of any sequence of buys and sells against an exact rational reference.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ONE, floorDiv, percentOf, replayFills, toMicros } from '../../service/venue/positionMath.js'
import type { VenueFill } from '../../service/store/venueStore.js'

const trade = (side: 'BUY' | 'SELL', sizeMicros: bigint, priceMicros: bigint, timestamp = 1): VenueFill => ({
  ...{ userId: '0xa', proxyWallet: '0xb', kind: 'TRADE', tokenId: '1', side, sizeMicros, priceMicros, timestamp },
  transactionHash: '0x',
})

describe('positionMath', () => {
  it('floorDiv rounds toward −∞ for both signs; percentOf is 0 on an empty base', () => {
    expect([floorDiv(7n, 2n), floorDiv(-7n, 2n), floorDiv(-8n, 2n), floorDiv(0n, 3n)]).toEqual([3n, -4n, -4n, 0n])
    expect(percentOf(5n, 0n)).toBe(0n)
    expect(percentOf(-1n, 3n)).toBe(-33_333_334n) // −33.333334 %, never −33.333333
  })

  it('toMicros reads the venue decimals and truncates past 6 places', () => {
    expect([toMicros('0.48'), toMicros('1'), toMicros('120.5'), toMicros('0.0000019')]).toEqual([
      480_000n,
      ONE,
      120_500_000n,
      1n,
    ])
    expect(() => toMicros('-0.1')).toThrow()
  })

  it('a sell beyond the holding sells what is held; a sell of nothing changes nothing', () => {
    const [position] = replayFills([
      trade('SELL', ONE, ONE / 2n),
      trade('BUY', 2n * ONE, ONE / 2n),
      trade('SELL', 5n * ONE, ONE, 9),
    ]).values()
    expect(position).toMatchObject({
      size: 0n,
      avgPrice: 500_000n,
      totalBought: 2n * ONE,
      realizedPnl: ONE,
      closedAt: 9,
    })
  })

  it('for any buys: avgPrice is the cost over the shares rounded up; sells realize (p − avg) × q rounded down', () => {
    const amount = fc.bigInt({ min: 1n, max: 10_000n * ONE })
    const price = fc.bigInt({ min: 1n, max: ONE - 1n })
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, price), { minLength: 1, maxLength: 8 }), price, (buys, sellPrice) => {
        const [position] = replayFills(buys.map(([size, p]) => trade('BUY', size, p))).values()
        const shares = buys.reduce((sum, [size]) => sum + size, 0n)
        const cost = buys.reduce((sum, [size, p]) => sum + size * p, 0n)
        // Rounded up at each buy: never below the exact average, and at most one unit above per buy.
        expect(position!.avgPrice * shares >= cost).toBe(true)
        expect(position!.avgPrice - BigInt(buys.length) <= cost / shares).toBe(true)
        const [sold] = replayFills([
          ...buys.map(([size, p]) => trade('BUY', size, p)),
          trade('SELL', shares, sellPrice),
        ]).values()
        expect(sold!.size).toBe(0n)
        expect(sold!.realizedPnl).toBe(floorDiv(shares * (sellPrice - position!.avgPrice), ONE))
      }),
    )
  })
})
