import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { feeOf, grossForNet, splitFees } from '../../../engine/quote/fees.js'
import { maximumIn, minimumOut } from '../../../engine/quote/slippage.js'

const amount = fc.bigInt({ min: 1n, max: 10n ** 30n })
const bpsList = fc.array(fc.integer({ min: 0, max: 2_000 }).map(BigInt), { maxLength: 4 })

describe('fees', () => {
  it('rounds each fee up, against the trader', () => {
    expect(feeOf(1n, 1n)).toBe(1n)
    expect(feeOf(10_000n, 30n)).toBe(30n)
    expect(feeOf(10_001n, 30n)).toBe(31n)
    expect(feeOf(123n, 0n)).toBe(0n)
  })

  it('splits a gross input into protocol fee, application fees and the net swapped', () => {
    expect(splitFees(1_000_000n, 10n, [25n, 5n])).toEqual({
      protocolFee: 1_000n,
      appFees: [2_500n, 500n],
      net: 996_000n,
    })
  })

  it('grossForNet is the smallest gross whose net covers the wanted amount', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 2_000 }).map(BigInt), bpsList, (net, protocolBps, appBps) => {
        const gross = grossForNet(net, protocolBps, appBps)
        expect(splitFees(gross, protocolBps, appBps).net).toBeGreaterThanOrEqual(net)
        expect(splitFees(gross - 1n, protocolBps, appBps).net).toBeLessThan(net)
      }),
    )
  })
})

describe('slippage bounds', () => {
  const half = { numerator: 50n, denominator: 10_000n } // 50 bps

  it('amountOutMin = floor(out × (10000 − s) / 10000)', () => {
    expect(minimumOut(1_000_000n, half)).toBe(995_000n)
    expect(minimumOut(1_999n, half)).toBe(1_989n) // 1989.005 rounds down
    expect(minimumOut(123n, { numerator: 0n, denominator: 10_000n })).toBe(123n)
    expect(minimumOut(123n, { numerator: 10_000n, denominator: 10_000n })).toBe(0n)
  })

  it('amountInMax = ceil(in × (10000 + s) / 10000)', () => {
    expect(maximumIn(1_000_000n, half)).toBe(1_005_000n)
    expect(maximumIn(1_999n, half)).toBe(2_009n) // 2008.995 rounds up
  })

  it('fractional bps are exact: 12.5 bps of 8,000,000 is exactly 10,000', () => {
    const fraction = { numerator: 125n, denominator: 10_000n * 10n }
    expect(minimumOut(8_000_000n, fraction)).toBe(7_990_000n)
    expect(maximumIn(8_000_000n, fraction)).toBe(8_010_000n)
  })
})
