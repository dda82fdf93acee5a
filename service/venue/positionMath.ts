/**
 * The position arithmetic of the fixture venue, in integers of 10⁻⁶ (`bigint`; the venue's 6 decimals): a user's
 * fills replayed in order into one running position per (proxy wallet, outcome token). The rules are the venue's
 * PnL subgraph's (research file §6):
 *
 * - **buy** `q` at `p`: `avgPrice ← (avgPrice·size + p·q) / (size + q)`, `size += q`, `totalBought += q`;
 * - **sell** `q` at `p`: `q′ = min(q, size)`, `realizedPnl += q′·(p − avgPrice)`, `size −= q′`, `avgPrice` unchanged;
 * - **redeem**: a sell of everything at the payout (1 for the winning outcome, 0 for the other).
 *
 * Rounding is conservative, never in the holder's favour: `avgPrice` rounds up (the cost basis is never
 * understated), PnL rounds toward −∞ (a gain is never overstated).
 */
import type { VenueFill } from '../store/venueStore.js'

/** One in 10⁻⁶ units: 1 share, 1 pUSD, a price of 1. */
export const ONE = 1_000_000n

/** `floor(a / b)` for `b > 0`, whatever the sign of `a` (`/` truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const quotient = a / b
  return a < 0n && quotient * b !== a ? quotient - 1n : quotient
}

/** `ceil(a / b)` for `a ≥ 0`, `b > 0`. */
function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b
}

/** The running position of one outcome token in one proxy wallet; every figure in 10⁻⁶. */
export interface PositionState {
  readonly proxyWallet: string
  readonly tokenId: string
  /** Shares held. */
  size: bigint
  /** pUSD per share, cost-weighted over the buys. */
  avgPrice: bigint
  /** Shares bought, ever. */
  totalBought: bigint
  /** pUSD realized by sells and redemptions, signed. */
  realizedPnl: bigint
  /** Unix seconds of the sell or redemption that brought `size` to 0 (the latest, if it happened again). */
  closedAt?: number
}

/**
 * Replays fills (in the order they happened) into positions, keyed `proxyWallet tokenId`, in order of first fill.
 *
 * @example
 * replayFills([buy(100, 0.40), buy(50, 0.70), sell(60, 0.65)]).values().next().value
 * // { size: 90_000000n, avgPrice: 500000n, totalBought: 150_000000n, realizedPnl: 9_000000n, … }
 */
export function replayFills(fills: readonly VenueFill[]): Map<string, PositionState> {
  const positions = new Map<string, PositionState>()
  for (const fill of fills) {
    const key = `${fill.proxyWallet} ${fill.tokenId}`
    let position = positions.get(key)
    if (position === undefined) {
      position = {
        proxyWallet: fill.proxyWallet,
        tokenId: fill.tokenId,
        size: 0n,
        avgPrice: 0n,
        totalBought: 0n,
        realizedPnl: 0n,
      }
      positions.set(key, position)
    }
    if (fill.kind === 'TRADE' && fill.side === 'BUY') {
      const size = position.size + fill.sizeMicros
      position.avgPrice = ceilDiv(position.avgPrice * position.size + fill.priceMicros * fill.sizeMicros, size)
      position.size = size
      position.totalBought += fill.sizeMicros
      continue
    }
    // A sell or a redemption: never more than is held.
    const sold = fill.sizeMicros < position.size ? fill.sizeMicros : position.size
    if (sold === 0n) continue
    position.realizedPnl += floorDiv(sold * (fill.priceMicros - position.avgPrice), ONE)
    position.size -= sold
    if (position.size === 0n) position.closedAt = fill.timestamp
  }
  return positions
}

/** The value of `size` shares at `price` (both 10⁻⁶), rounded down. */
export function valueOf(size: bigint, price: bigint): bigint {
  return (size * price) / ONE
}

/** `part / whole × 100` in 10⁻⁶ percent, toward −∞; 0 when `whole` is 0. */
export function percentOf(part: bigint, whole: bigint): bigint {
  return whole === 0n ? 0n : floorDiv(part * 100n * ONE, whole)
}

/** A 10⁻⁶ integer as the wire's float (SPEC §2.7 numbers): exact to 6 decimals below 2⁵³ × 10⁻⁶. */
export function toWire(micros: bigint): number {
  return Number(micros) / 1e6
}

/**
 * A decimal string of the venue (`"0.48"`, `"1"`, `"120.5"`) in 10⁻⁶, truncated past 6 decimals.
 *
 * @throws Error for a string that is not a plain non-negative decimal.
 * @example toMicros('0.485') // 485000n
 */
export function toMicros(decimal: string): bigint {
  const match = /^([0-9]+)(?:\.([0-9]*))?$/.exec(decimal.trim())
  if (match === null) throw new Error(`not a decimal: ${decimal}`)
  return BigInt(match[1]!) * ONE + BigInt((match[2] ?? '').slice(0, 6).padEnd(6, '0'))
}
