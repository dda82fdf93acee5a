import fc from 'fast-check'
import type { BridgeLane } from '../../../engine/graph/types.js'

/** A lane with no limits to speak of; tests override what they exercise. */
export function makeLane(overrides: Partial<BridgeLane> = {}): BridgeLane {
  return {
    id: 'test-lane',
    bridgeId: 'across',
    srcChainId: 1,
    srcToken: '1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    dstChainId: 56,
    dstToken: '56:0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d',
    srcDecimals: 6,
    dstDecimals: 6,
    feeBps: 0,
    flatFee: 0n,
    minAmount: 0n,
    maxAmount: 10n ** 40n,
    liquidity: 10n ** 60n,
    estimatedSeconds: 10,
    depths: undefined,
    ...overrides,
  }
}

/** The same lane without its liquidity cap: what it would deliver if the destination had plenty. */
export function uncapped(lane: BridgeLane): BridgeLane {
  return { ...lane, liquidity: 10n ** 80n }
}

const decimals = fc.constantFrom(0, 6, 8, 9, 18)
/** Mostly realistic fees, sometimes anything the loader accepts (0…9999). */
const feeBps = fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 9_999 }))
const small = fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.bigInt({ min: 0n, max: 10n ** 21n }))

/** Same-asset lanes (no depths), any decimals, limits and liquidity. */
export const sameAssetLane: fc.Arbitrary<BridgeLane> = fc
  .record({
    srcDecimals: decimals,
    dstDecimals: decimals,
    feeBps,
    flatFee: small,
    minAmount: small,
    span: fc.bigInt({ min: 0n, max: 10n ** 26n }),
    liquidity: fc.oneof(fc.constant(10n ** 60n), fc.bigInt({ min: 1n, max: 10n ** 30n })),
  })
  .map(({ span, ...rest }) => makeLane({ ...rest, maxAmount: rest.minAmount + span }))

/**
 * Swapping (THORChain) lanes, with `maxAmount` at or below the input that reaches the peak (net = srcDepth), the
 * range in which the output rises with the input.
 */
export const swappingLane: fc.Arbitrary<BridgeLane> = fc
  .record({
    srcDepth: fc.bigInt({ min: 1n, max: 10n ** 24n }),
    dstDepth: fc.bigInt({ min: 1n, max: 10n ** 24n }),
    feeBps,
    flatFee: small,
    minFraction: fc.integer({ min: 0, max: 1_000 }),
    maxFraction: fc.integer({ min: 0, max: 1_000 }),
    liquidity: fc.oneof(fc.constant(10n ** 60n), fc.bigInt({ min: 1n, max: 10n ** 24n })),
  })
  .map(({ srcDepth, dstDepth, feeBps, flatFee, minFraction, maxFraction, liquidity }) => {
    const peak = peakInput(flatFee, feeBps, srcDepth)
    const [low, high] = minFraction <= maxFraction ? [minFraction, maxFraction] : [maxFraction, minFraction]
    return makeLane({
      srcDecimals: 8,
      dstDecimals: 6,
      feeBps,
      flatFee,
      minAmount: (peak * BigInt(low)) / 1_000n,
      maxAmount: (peak * BigInt(high)) / 1_000n,
      liquidity,
      depths: { srcDepth, dstDepth },
    })
  })

/** The largest input whose net (after fees) is at most srcDepth. */
export function peakInput(flatFee: bigint, feeBps: number, srcDepth: bigint): bigint {
  const kept = 10_000n - BigInt(feeBps)
  // floor((x − f)·kept/10⁴) ≤ X ⇔ (x − f)·kept < (X + 1)·10⁴
  return flatFee + ((srcDepth + 1n) * 10_000n + kept - 1n) / kept - 1n
}

/** Inputs in and around a lane's limits. */
export function inputFor(lane: BridgeLane): fc.Arbitrary<bigint> {
  return fc.oneof(
    fc.bigInt({ min: lane.minAmount, max: lane.maxAmount }),
    fc.bigInt({ min: 0n, max: lane.maxAmount + lane.maxAmount / 2n + 10n }),
    fc.constantFrom(lane.minAmount, lane.maxAmount, lane.flatFee, lane.flatFee + 1n),
  )
}
