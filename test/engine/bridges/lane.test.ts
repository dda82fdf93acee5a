import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BridgeLane } from '../../../engine/graph/types.js'
import * as lane from '../../../engine/bridges/lane.js'
import { laneAmountIn, laneAmountOut, laneFee, laneFeeFraction, laneMidRate } from '../../../engine/bridges/lane.js'
import { inputFor, makeLane, peakInput, sameAssetLane, swappingLane, uncapped } from './laneFixtures.js'

const anyLane = fc.oneof(sameAssetLane, swappingLane)

/** USDC Ethereum (6) → USDC BSC (18): 0.01 USDC flat, 5 bps. */
const usdcEthToBsc = makeLane({ srcDecimals: 6, dstDecimals: 18, flatFee: 10_000n, feeBps: 5 })
/** USDC BSC (18) → USDC Ethereum (6), 1 bp. */
const usdcBscToEth = makeLane({ srcDecimals: 18, dstDecimals: 6, feeBps: 1 })
/** BTC → USDC through a THORChain pool of 100 BTC and 5M USDC, with a 2000-sat flat fee. */
const thorBtcToUsdc = makeLane({
  bridgeId: 'thorchain',
  srcDecimals: 8,
  dstDecimals: 6,
  flatFee: 2_000n,
  depths: { srcDepth: 100n * 10n ** 8n, dstDepth: 5_000_000n * 10n ** 6n },
})

/**
 * Smallest input in [min, max] delivering `target`, by binary search over the uncapped lane (a slow reference).
 * Swapping lanes must have `maxAmount` at or below the peak, where the output stops rising.
 */
function referenceAmountIn(l: BridgeLane, amountOut: bigint): bigint | undefined {
  const target = amountOut > 0n ? amountOut : 1n
  const delivers = (x: bigint): boolean => (laneAmountOut(uncapped(l), x) ?? 0n) >= target
  let [low, high] = [l.minAmount, l.maxAmount]
  if (low > high || !delivers(high)) return undefined
  while (low < high) {
    const middle = (low + high) / 2n
    if (delivers(middle)) high = middle
    else low = middle + 1n
  }
  return (laneAmountOut(l, low) ?? 0n) >= target ? low : undefined
}

function convert(amount: bigint, from: number, to: number): bigint {
  return to >= from ? amount * 10n ** BigInt(to - from) : amount / 10n ** BigInt(from - to)
}

describe('lane module', () => {
  it('exports exactly this API', () => {
    expect(Object.keys(lane).sort()).toEqual([
      'laneAmountIn',
      'laneAmountOut',
      'laneFee',
      'laneFeeFraction',
      'laneMidRate',
    ])
  })
})

describe('laneAmountOut', () => {
  it('takes the flat fee, then the bps of the rest (floored), then scales 6 → 18 exactly', () => {
    // after = 990_000; net = floor(990_000·9995/10000) = 989_505; ·10^12
    expect(laneAmountOut(usdcEthToBsc, 1_000_000n)).toBe(989_505_000_000_000_000n)
    // after = 999; 999·9995/10000 = 998.5005 → 998
    expect(laneAmountOut(usdcEthToBsc, 10_999n)).toBe(998_000_000_000_000n)
  })

  it('scales 18 → 6 down with a floor, and delivers nothing below one destination unit', () => {
    const noFee = makeLane({ srcDecimals: 18, dstDecimals: 6 })
    expect(laneAmountOut(noFee, 1_500_000_000_000_000_123n)).toBe(1_500_000n)
    expect(laneAmountOut(noFee, 10n ** 12n)).toBe(1n)
    expect(laneAmountOut(noFee, 10n ** 12n - 1n)).toBeUndefined()
    // 1 bp: floor(1_500_000_000_000_000_123·0.9999) = 1_499_850_000_000_000_122 → 1_499_850
    expect(laneAmountOut(usdcBscToEth, 1_500_000_000_000_000_123n)).toBe(1_499_850n)
  })

  it('round-trips 6 → 18 → 6 without fees', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (amount) => {
        const up = laneAmountOut(makeLane({ srcDecimals: 6, dstDecimals: 18 }), amount)!
        expect(up).toBe(amount * 10n ** 12n)
        expect(laneAmountOut(makeLane({ srcDecimals: 18, dstDecimals: 6 }), up)).toBe(amount)
      }),
    )
  })

  it('matches a hand-checked THORChain swap', () => {
    // x = 1 BTC after the flat fee, X = 100 BTC, Y = 5M USDC:
    // constant product x·Y/(x + X) = 49_504.950495 USDC; slip fee x/(x + X) = 0.990099% of it = 490.148024 USDC;
    // y = x·X·Y/(x + X)² = 5e30/1.0201e20 = 49_014.802470(35) USDC, floored.
    expect(laneAmountOut(thorBtcToUsdc, 10n ** 8n + 2_000n)).toBe(49_014_802_470n)
    // at x = X the output peaks at Y/4
    expect(laneAmountOut(thorBtcToUsdc, 10n ** 10n + 2_000n)).toBe(1_250_000n * 10n ** 6n)
  })

  it('refuses inputs outside [minAmount, maxAmount]', () => {
    const limited = makeLane({ minAmount: 7_800_000n, maxAmount: 22_000_000n * 10n ** 6n })
    expect(laneAmountOut(limited, 7_799_999n)).toBeUndefined()
    expect(laneAmountOut(limited, 7_800_000n)).toBe(7_800_000n)
    expect(laneAmountOut(limited, 22_000_000n * 10n ** 6n)).toBe(22_000_000n * 10n ** 6n)
    expect(laneAmountOut(limited, 22_000_000n * 10n ** 6n + 1n)).toBeUndefined()
  })

  it('refuses an output above liquidity', () => {
    const shallow = makeLane({ liquidity: 5_000_000n })
    expect(laneAmountOut(shallow, 5_000_000n)).toBe(5_000_000n)
    expect(laneAmountOut(shallow, 5_000_001n)).toBeUndefined()
  })

  it('refuses an input the flat fee eats, or that fees leave nothing of', () => {
    expect(laneAmountOut(usdcEthToBsc, 0n)).toBeUndefined()
    expect(laneAmountOut(usdcEthToBsc, 9_999n)).toBeUndefined()
    expect(laneAmountOut(usdcEthToBsc, 10_000n)).toBeUndefined()
    expect(laneAmountOut(usdcEthToBsc, 10_001n)).toBeUndefined() // floor(1·0.9995) = 0
    expect(laneAmountOut(usdcEthToBsc, 10_002n)).toBe(10n ** 12n)
    expect(laneAmountOut(thorBtcToUsdc, 2_000n)).toBeUndefined()
    fc.assert(
      fc.property(anyLane, fc.bigInt({ min: 0n, max: 10n ** 22n }), (l, amountIn) => {
        expect(laneAmountOut(l, amountIn > l.flatFee ? l.flatFee : amountIn)).toBeUndefined()
      }),
    )
  })

  it('is undefined outside the limits and at most liquidity inside', () => {
    fc.assert(
      fc.property(
        anyLane.chain((l) => fc.tuple(fc.constant(l), inputFor(l))),
        ([l, amountIn]) => {
          const amountOut = laneAmountOut(l, amountIn)
          if (amountIn < l.minAmount || amountIn > l.maxAmount) expect(amountOut).toBeUndefined()
          if (amountOut !== undefined) {
            expect(amountOut).toBeGreaterThan(0n)
            expect(amountOut).toBeLessThanOrEqual(l.liquidity)
          }
        },
      ),
    )
  })

  it('is non-decreasing in the input within the limits', () => {
    fc.assert(
      fc.property(
        anyLane.chain((l) => fc.tuple(fc.constant(l), inputFor(l), inputFor(l))),
        ([l, a, b]) => {
          const [small, large] = a <= b ? [a, b] : [b, a]
          if (small < l.minAmount || large > l.maxAmount) return
          const free = uncapped(l)
          const smallOut = laneAmountOut(free, small)
          const largeOut = laneAmountOut(free, large)
          if (smallOut !== undefined) expect(largeOut).toBeGreaterThanOrEqual(smallOut)
        },
      ),
    )
  })

  it("falls beyond a swapping lane's peak (net > srcDepth), which limits must keep out", () => {
    const peak = peakInput(thorBtcToUsdc.flatFee, thorBtcToUsdc.feeBps, 10n ** 10n)
    expect(laneAmountOut(thorBtcToUsdc, peak + 10n ** 9n)!).toBeLessThan(laneAmountOut(thorBtcToUsdc, peak)!)
  })
})

describe('laneAmountIn', () => {
  it('inverts the hand-checked examples exactly', () => {
    expect(laneAmountIn(usdcEthToBsc, 989_505_000_000_000_000n)).toBe(1_000_000n)
    // 1_499_850 = 150·9999: after = 1_499_850·10^12·10000/9999 = 1.5e18 exactly
    expect(laneAmountIn(usdcBscToEth, 1_499_850n)).toBe(1_500_000_000_000_000_000n)
    expect(laneAmountOut(usdcBscToEth, 1_500_000_000_000_000_000n - 1n)).toBe(1_499_849n)
    // dy/dx ≈ 480 micro-USDC per sat here, so one sat less misses
    expect(laneAmountIn(thorBtcToUsdc, 49_014_802_470n)).toBe(10n ** 8n + 2_000n)
  })

  it('needs an output in whole destination units when scaling up', () => {
    // 1 wei of BSC USDC still needs one whole micro-USDC, after fees
    expect(laneAmountIn(usdcEthToBsc, 1n)).toBe(10_002n)
    expect(laneAmountIn(usdcEthToBsc, 10n ** 12n + 1n)).toBe(10_003n)
  })

  it('asks for the smallest input the lane carries when asked for nothing', () => {
    const limited = makeLane({ minAmount: 500n, flatFee: 10n })
    expect(laneAmountIn(limited, 0n)).toBe(500n)
    expect(laneAmountIn(makeLane({ flatFee: 10n }), 0n)).toBe(11n)
  })

  it("is undefined above liquidity, above maxAmount and above a swapping lane's maximum output", () => {
    expect(laneAmountIn(makeLane({ liquidity: 1_000n }), 1_001n)).toBeUndefined()
    expect(laneAmountIn(makeLane({ liquidity: 1_000n }), 1_000n)).toBe(1_000n)
    expect(laneAmountIn(makeLane({ maxAmount: 1_000n, feeBps: 30 }), 998n)).toBeUndefined()
    expect(laneAmountIn(makeLane({ maxAmount: 1_000n, feeBps: 30 }), 997n)).toBe(1_000n)
    const maxOut = 1_250_000n * 10n ** 6n // Y/4
    expect(laneAmountIn(thorBtcToUsdc, maxOut)).toBe(10n ** 10n + 2_000n)
    expect(laneAmountIn(thorBtcToUsdc, maxOut + 1n)).toBeUndefined()
    expect(laneAmountIn({ ...thorBtcToUsdc, maxAmount: 10n ** 10n }, maxOut)).toBeUndefined()
  })

  it('is undefined when the smallest sufficient input would overshoot liquidity', () => {
    // 6 → 18 delivers multiples of 10^12; liquidity below that cannot carry even 1 wei
    expect(laneAmountIn(makeLane({ srcDecimals: 6, dstDecimals: 18, liquidity: 10n ** 12n - 1n }), 1n)).toBeUndefined()
  })

  it('returns the smallest input that delivers: replayed it delivers, one less does not', () => {
    fc.assert(
      fc.property(
        anyLane.chain((l) =>
          fc.tuple(
            fc.constant(l),
            fc.oneof(fc.bigInt({ min: -1n, max: 10n ** 6n }), fc.bigInt({ min: 0n, max: 10n ** 25n })),
          ),
        ),
        ([l, amountOut]) => {
          const amountIn = laneAmountIn(l, amountOut)
          if (amountIn === undefined) return
          expect(amountIn).toBeGreaterThanOrEqual(l.minAmount)
          expect(amountIn).toBeLessThanOrEqual(l.maxAmount)
          expect(laneAmountOut(l, amountIn)).toBeGreaterThanOrEqual(amountOut)
          expect(laneAmountOut(l, amountIn - 1n) ?? 0n).toBeLessThan(amountOut > 0n ? amountOut : 1n)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('agrees with a binary search, including on impossibility', () => {
    fc.assert(
      fc.property(
        anyLane.chain((l) => {
          const top = laneAmountOut(uncapped(l), l.maxAmount) ?? 1n
          return fc.tuple(
            fc.constant(l),
            fc.oneof(fc.bigInt({ min: 0n, max: top + 2n }), fc.constantFrom(top, top + 1n, 1n)),
          )
        }),
        ([l, amountOut]) => {
          expect(laneAmountIn(l, amountOut)).toBe(referenceAmountIn(l, amountOut))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('finds the THORChain root exactly on deep pools and tiny outputs', () => {
    // the textbook root X·(Y − 2T − √(Y(Y − 4T)))/(2T) loses every digit here
    const deep = makeLane({ maxAmount: 10n ** 30n, depths: { srcDepth: 10n ** 30n, dstDepth: 10n ** 12n } })
    for (const amountOut of [1n, 2n, 3n, 10n ** 6n, 249_999_999_999n, 250_000_000_000n]) {
      expect(laneAmountIn(deep, amountOut)).toBe(referenceAmountIn(deep, amountOut))
    }
  })
})

describe('laneFee', () => {
  it('is the flat fee plus the bps of the rest, rounded up', () => {
    expect(laneFee(usdcEthToBsc, 1_000_000n)).toBe(10_495n) // 10_000 + ceil(990_000·5/10^4) = 495
    expect(laneFee(makeLane({ feeBps: 1 }), 999_999n)).toBe(100n) // ceil(99.9999)
    expect(laneFee(makeLane({ feeBps: 1 }), 10_000n)).toBe(1n)
    expect(laneFee(makeLane({ feeBps: 1 }), 1n)).toBe(1n) // ceil(0.0001)
    expect(laneFee(makeLane(), 123n)).toBe(0n)
  })

  it('charges the flat fee when the input does not exceed it', () => {
    expect(laneFee(usdcEthToBsc, 0n)).toBe(10_000n)
    expect(laneFee(usdcEthToBsc, 10_000n)).toBe(10_000n)
  })

  it("leaves out a swapping lane's slip", () => {
    expect(laneFee(thorBtcToUsdc, 10n ** 8n + 2_000n)).toBe(2_000n)
    expect(laneFee({ ...thorBtcToUsdc, feeBps: 10 }, 10n ** 8n + 2_000n)).toBe(2_000n + 100_000n)
  })

  it('leaves exactly what the lane converts or swaps', () => {
    fc.assert(
      fc.property(
        anyLane.chain((l) => fc.tuple(fc.constant(l), inputFor(l))),
        ([l, amountIn]) => {
          const amountOut = laneAmountOut(l, amountIn)
          if (amountOut === undefined) return
          const net = amountIn - laneFee(l, amountIn)
          const { depths } = l
          const expected =
            depths === undefined
              ? convert(net, l.srcDecimals, l.dstDecimals)
              : (net * depths.srcDepth * depths.dstDepth) / (net + depths.srcDepth) ** 2n
          expect(amountOut).toBe(expected)
          expect(laneFee(l, amountIn)).toBeGreaterThanOrEqual(l.flatFee)
        },
      ),
    )
  })
})

describe('laneMidRate', () => {
  it('is the decimals scale for same-asset lanes', () => {
    expect(laneMidRate(usdcEthToBsc)).toBe(1e12)
    expect(laneMidRate(makeLane())).toBe(1)
    expect(laneMidRate(usdcBscToEth)).toBeGreaterThanOrEqual(1e-12)
    expect(laneMidRate(usdcBscToEth)).toBeCloseTo(1e-12, 25)
  })

  it('is Y/X for swapping lanes', () => {
    expect(laneMidRate(thorBtcToUsdc)).toBeGreaterThanOrEqual(500)
    expect(laneMidRate(thorBtcToUsdc)).toBeCloseTo(500, 9)
  })

  it('stays an upper bound where the float quotient Y/X rounds below the exact ratio', () => {
    // Number(Y)/Number(X) = 122351922.99999999, yet one unit in delivers 122351923
    const l = makeLane({
      depths: { srcDepth: 189686657179342276597832368n, dstDepth: 23208527273334284513560428903512860n },
    })
    expect(laneAmountOut(l, 1n)).toBe(122_351_923n)
    expect(laneMidRate(l)).toBeGreaterThanOrEqual(122_351_923)
  })

  it('is never below the average rate of any input', () => {
    fc.assert(
      fc.property(
        anyLane.chain((l) => fc.tuple(fc.constant(l), inputFor(l))),
        ([l, amountIn]) => {
          const amountOut = laneAmountOut(l, amountIn)
          if (amountOut === undefined) return
          // The quotient of two rounded floats may itself round up by an ulp or two: allow that, no more.
          expect(Number(amountOut) / Number(amountIn)).toBeLessThanOrEqual(laneMidRate(l) * (1 + 1e-12))
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('laneFeeFraction', () => {
  it('is 1 − feeBps/10000', () => {
    expect(laneFeeFraction(makeLane())).toBe(1)
    expect(laneFeeFraction(usdcEthToBsc)).toBe(0.9995)
    expect(laneFeeFraction(makeLane({ feeBps: 9_999 }))).toBeCloseTo(0.0001, 12)
  })
})
