/**
 * What the engine knows about each bridge protocol besides its lanes: a display name and how its fees and times
 * are modelled, with where the figures came from. Sections refer to `shared/research/fixtures.md`, §3 "Bridge
 * models"; figures marked UNVERIFIED there are marked so here.
 */
import { BRIDGE_IDS, type BridgeId } from '../graph/types.js'

/** Registry entry of one bridge protocol. */
export interface BridgeInfo {
  readonly id: BridgeId
  /** Display name. */
  readonly name: string
  /** One line: the fee model and the transfer time. */
  readonly model: string
  /** The research section the model comes from. */
  readonly source: string
}

const SECTION = 'research/fixtures.md §3 Bridge models'

const entries: { readonly [K in BridgeId]: Omit<BridgeInfo, 'id'> } = {
  optimism: {
    name: 'OP Standard Bridge',
    model:
      'Gas only, no bps fee; deposits L1→L2 about 1–3 min, ' +
      'withdrawals over 7 days (prove after about 1 h, then a 7-day challenge).',
    source: `${SECTION}, "Optimism native (Standard Bridge)"`,
  },
  layerZero: {
    name: 'LayerZero',
    model:
      'Same-asset OFT messaging; fee modelled as flat + bps on the lane (UNVERIFIED); ' +
      'time set by DVN confirmations, about 1–3 min.',
    source: `${SECTION}, "Stargate v2 / LayerZero"`,
  },
  stargate: {
    name: 'Stargate',
    model:
      'Same-asset pools; dynamic fee about 6 bps (UNVERIFIED, can be a reward when rebalancing); ' +
      'taxi about 1–3 min, bus longer.',
    source: `${SECTION}, "Stargate v2 / LayerZero"`,
  },
  cctp: {
    name: 'Circle CCTP',
    model:
      'USDC burn and mint, fee deducted from the amount; standard 0 bps in about 13–19 min ' +
      '(about 8 s without fast mode), fast 1–14 bps in about 8–20 s.',
    source: `${SECTION}, "CCTP v2"`,
  },
  across: {
    name: 'Across',
    model:
      'Relayer fill; capital fee about 1 bp + gas + LP fee 0–5 bps, deducted from the amount; ' +
      'fills about 2–10 s between L2s; min deposit about 7.8 USDC.',
    source: `${SECTION}, "Across"`,
  },
  relay: {
    name: 'Relay',
    model: 'Solver fill; gas plus a small relayer spread (plus optional app fees); median about 2.7 s.',
    source: `${SECTION}, "Relay"`,
  },
  debridge: {
    name: 'deBridge',
    model:
      'DLN order; flat fee in the source gas token (e.g. 0.001 ETH) + 4 bps protocol + about 4 bps taker margin; ' +
      'fill about 10–60 s.',
    source: `${SECTION}, "deBridge DLN"`,
  },
  thorchain: {
    name: 'THORChain',
    model:
      'Swapping lane: outbound fee (flat) + slip-based liquidity fee x/(x+X), output x·X·Y/(x+X)²; ' +
      'BTC inbound about 10–60 min (UNVERIFIED).',
    source: `${SECTION}, "THORChain (BTC)"`,
  },
}

/** Every bridge protocol by id, frozen. */
export const BRIDGE_REGISTRY: Readonly<Record<BridgeId, BridgeInfo>> = Object.freeze(
  Object.fromEntries(BRIDGE_IDS.map((id) => [id, Object.freeze({ id, ...entries[id] })])) as Record<
    BridgeId,
    BridgeInfo
  >,
)

/**
 * The registry entry of a bridge protocol.
 *
 * @param id - a bridge id.
 * @returns its name, fee/time model and source.
 *
 * @example
 * getBridgeInfo('cctp').name // 'Circle CCTP'
 */
export function getBridgeInfo(id: BridgeId): BridgeInfo {
  return BRIDGE_REGISTRY[id]
}

/**
 * Whether a string is a known bridge id (for parsing `bridgeIds` from a request).
 *
 * @param value - any string.
 * @returns `true` for one of `BRIDGE_IDS`.
 *
 * @example
 * isBridgeId('layerZero') // true
 * isBridgeId('wormhole') // false
 */
export function isBridgeId(value: string): value is BridgeId {
  return Object.hasOwn(BRIDGE_REGISTRY, value)
}
