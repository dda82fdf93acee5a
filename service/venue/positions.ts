/**
 * The user records of the fixture venue (SPEC §2.7 position, closed position, trade) from the fills the service
 * recorded (`positionMath.ts` replays them) and the catalog's markets.
 *
 * `curPrice` — the price a share is valued at:
 * - a **resolved** market: the payout, 1 for the winning outcome and 0 for the other (what a redemption pays);
 * - otherwise the **book's mid** (best bid + best ask) / 2 when both sides have levels and the spread is at most
 *   0.10 — the venue's own displayed price (research file §1.3): the mid moves with every order that changes the
 *   top of the book, not only with trades, so it is the fairer mark for a position;
 * - a wider spread or a one-sided book: the **last trade price** (the venue falls back the same way), and without
 *   one the market's `outcomePrices` entry.
 */
import type { VenueClosedPosition, VenuePosition, VenueTrade } from '../schema/venuePositions.js'
import type { VenueFill, VenueTokenInfo } from '../store/venueStore.js'
import type { OrderBook } from './book.js'
import { ONE, type PositionState, percentOf, replayFills, toMicros, toWire, valueOf } from './positionMath.js'

/** The widest spread (10⁻⁶) at which the mid is the price; beyond, the last trade. */
const MAX_MID_SPREAD = 100_000n

/** Where the current books come from. */
export type BookOf = (tokenId: string) => OrderBook | undefined

/** The payout per share (10⁻⁶) of an outcome of a resolved market, or `undefined` while unresolved. */
export function payoutOf(info: VenueTokenInfo): bigint | undefined {
  if (!info.market.closed) return undefined
  const prices = JSON.parse(info.market.outcomePrices) as string[]
  const price = prices[info.outcomeIndex]
  return price === '1' ? ONE : price === '0' ? 0n : undefined
}

/** `curPrice` of an outcome token in 10⁻⁶ (see the file's comment). */
export function currentPrice(info: VenueTokenInfo, bookOf: BookOf): bigint {
  const payout = payoutOf(info)
  if (payout !== undefined) return payout
  const book = bookOf(info.tokenId)
  const bid = book?.bids[0]
  const ask = book?.asks[0]
  if (bid !== undefined && ask !== undefined) {
    const [best, worst] = [toMicros(bid.price), toMicros(ask.price)]
    if (worst - best <= MAX_MID_SPREAD) return (best + worst) / 2n
  }
  if (book?.lastTradePrice !== undefined) return toMicros(book.lastTradePrice)
  return toMicros((JSON.parse(info.market.outcomePrices) as string[])[info.outcomeIndex] ?? '0')
}

/** The fields naming a position's market and outcome. */
function identity(state: Pick<PositionState, 'proxyWallet'>, info: VenueTokenInfo) {
  const { market } = info
  const outcomes = JSON.parse(market.outcomes) as string[]
  const tokenIds = JSON.parse(market.clobTokenIds) as string[]
  const opposite = 1 - info.outcomeIndex
  return {
    proxyWallet: state.proxyWallet,
    asset: info.tokenId,
    conditionId: market.conditionId,
    title: market.question,
    slug: market.slug,
    icon: market.icon,
    eventSlug: info.eventSlug,
    outcome: outcomes[info.outcomeIndex] ?? '',
    oppositeOutcome: outcomes[opposite] ?? '',
    oppositeAsset: tokenIds[opposite] ?? '',
    endDate: market.endDate,
    outcomeIndex: info.outcomeIndex,
  }
}

/** A user's fills, replayed, with the catalog entry of each token (tokens not in the catalog are left out). */
export interface Replayed {
  readonly positions: readonly PositionState[]
  readonly tokens: ReadonlyMap<string, VenueTokenInfo>
}

/**
 * Current positions: every position holding shares, most shares first.
 *
 * - `redeemable`: the market resolved (the shares can be redeemed, for the payout);
 * - `mergeable`: the wallet also holds the other outcome of the market (complete sets merge into collateral);
 * - `percentRealizedPnl`: realized PnL — plus, once redeemable, what redeeming the rest realizes — over the cost
 *   of everything bought (`totalBought × avgPrice`), in percent.
 */
export function currentPositions({ positions, tokens }: Replayed, bookOf: BookOf): VenuePosition[] {
  const held = positions.filter((state) => state.size > 0n && tokens.has(state.tokenId))
  const holds = new Set(held.map((state) => `${state.proxyWallet} ${state.tokenId}`))
  return [...held]
    .sort((a, b) => (a.size === b.size ? 0 : a.size > b.size ? -1 : 1))
    .map((state) => {
      const info = tokens.get(state.tokenId)!
      const curPrice = currentPrice(info, bookOf)
      const initialValue = valueOf(state.size, state.avgPrice)
      const currentValue = valueOf(state.size, curPrice)
      const cashPnl = currentValue - initialValue
      const payout = payoutOf(info)
      const toRealize = payout === undefined ? 0n : currentValue - initialValue
      const base = identity(state, info)
      return {
        ...base,
        size: toWire(state.size),
        avgPrice: toWire(state.avgPrice),
        initialValue: toWire(initialValue),
        currentValue: toWire(currentValue),
        cashPnl: toWire(cashPnl),
        percentPnl: toWire(percentOf(cashPnl, initialValue)),
        totalBought: toWire(state.totalBought),
        realizedPnl: toWire(state.realizedPnl),
        percentRealizedPnl: toWire(
          percentOf(state.realizedPnl + toRealize, valueOf(state.totalBought, state.avgPrice)),
        ),
        curPrice: toWire(curPrice),
        redeemable: payout !== undefined,
        mergeable: holds.has(`${state.proxyWallet} ${base.oppositeAsset}`),
        negativeRisk: info.market.negRisk,
        eventId: info.eventId,
      }
    })
}

/** Closed positions: every position bought and then fully sold or redeemed, latest closed first. */
export function closedPositions({ positions, tokens }: Replayed, bookOf: BookOf): VenueClosedPosition[] {
  return positions
    .filter((state) => state.size === 0n && state.closedAt !== undefined && tokens.has(state.tokenId))
    .sort((a, b) => b.closedAt! - a.closedAt!)
    .map((state) => {
      const info = tokens.get(state.tokenId)!
      return {
        ...identity(state, info),
        avgPrice: toWire(state.avgPrice),
        totalBought: toWire(state.totalBought),
        realizedPnl: toWire(state.realizedPnl),
        curPrice: toWire(currentPrice(info, bookOf)),
        timestamp: state.closedAt!,
      }
    })
}

/** Trades: every trade fill, newest first (redemptions are not trades). No profiles on the fixture venue: `""`. */
export function trades(fills: readonly VenueFill[], tokens: ReadonlyMap<string, VenueTokenInfo>): VenueTrade[] {
  return fills
    .filter((fill) => fill.kind === 'TRADE' && tokens.has(fill.tokenId))
    .reverse()
    .map((fill) => {
      const { proxyWallet, asset, conditionId, title, slug, icon, eventSlug, outcome, outcomeIndex } = identity(
        fill,
        tokens.get(fill.tokenId)!,
      )
      return {
        ...{ proxyWallet, side: fill.side!, asset, conditionId, title, slug, icon, eventSlug, outcome },
        ...{ name: '', pseudonym: '', bio: '', profileImage: '', profileImageOptimized: '' },
        transactionHash: fill.transactionHash,
        size: toWire(fill.sizeMicros),
        price: toWire(fill.priceMicros),
        timestamp: fill.timestamp,
        outcomeIndex,
      }
    })
}

/**
 * Replays a user's fills and looks up their tokens: the input of the three reads above.
 *
 * @example await replay(await store.venueFills(userId), (ids) => store.venueTokens(ids))
 */
export async function replay(
  fills: readonly VenueFill[],
  lookup: (tokenIds: readonly string[]) => Promise<VenueTokenInfo[]>,
): Promise<Replayed> {
  const tokenIds = [...new Set(fills.map((fill) => fill.tokenId))]
  const tokens = new Map((await lookup(tokenIds)).map((info) => [info.tokenId, info]))
  return { positions: [...replayFills(fills).values()], tokens }
}
