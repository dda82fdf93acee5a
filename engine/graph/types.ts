/**
 * Snapshot types: the liquidity graph the engine routes over.
 *
 * Two layers: the JSON wire format (`SnapshotJson`, amounts as decimal strings, as stored in `fixtures/`) and
 * the loaded, validated, frozen form (`Snapshot`, amounts as `bigint`). `fixtures/README.md` documents every
 * field of the JSON format.
 */

/** Address family and transaction model of a chain. `vmId` on the wire is derived from it (see `vmIdOf`). */
export type Vm = 'evm' | 'solana' | 'bitcoin' | 'tron' | 'hypercore'

/** Known bridge protocols. A lane naming any other id is rejected by the loader. */
export const BRIDGE_IDS = [
  'optimism',
  'layerZero',
  'stargate',
  'cctp',
  'across',
  'relay',
  'debridge',
  'thorchain',
] as const
export type BridgeId = (typeof BRIDGE_IDS)[number]

/** Pool kinds the engine can price exactly. */
export type PoolKind = 'constantProduct' | 'concentrated' | 'stableswap' | 'raydiumCpmm' | 'whirlpool'

// ---------------------------------------------------------------------------------------------------------------
// JSON wire format (what a snapshot file holds)
// ---------------------------------------------------------------------------------------------------------------

export interface ChainJson {
  chainId: number
  name: string
  vm: Vm
  /** Address of the native token in this chain's notation (zero address on EVM, `bitcoin`, …). */
  nativeToken: string
  /** Wrapped native token; native ↔ wrapped is a free 1:1 hop. Absent where there is none (Bitcoin). */
  wrappedNativeToken?: string
  /** The crossroute router/entry contract the service's transactions call. */
  routerAddress: string
  blockTimeMs: number
  /** Gas units of a swap through the router (estimate), decimal string. */
  swapGasUnits: string
  /** Gas price in the native token's smallest unit per gas unit, decimal string. */
  gasPrice: string
}

export interface TokenJson {
  chainId: number
  address: string
  name: string
  symbol: string
  decimals: number
  isNative: boolean
  logo: string
  svcCode: string
  /** USD price of one whole token, decimal string (only for USD figures, never for amounts). */
  usdPrice: string
}

export interface ConstantProductStateJson {
  /** Reserves of `tokens[0]` and `tokens[1]`, decimal strings in smallest units. */
  reserve0: string
  reserve1: string
}

export interface TickJson {
  index: number
  /** Signed decimal string: liquidity added when the price crosses this tick upward. */
  liquidityNet: string
}

export interface ConcentratedStateJson {
  sqrtPriceX96: string
  /** Current tick; must be consistent with sqrtPriceX96 (`getTickAtSqrtRatio`). */
  tick: number
  /** In-range liquidity. */
  liquidity: string
  tickSpacing: number
  /** Initialized ticks, sorted ascending by index. */
  ticks: TickJson[]
}

export interface StableswapStateJson {
  /** Amplification coefficient A (not multiplied by A_PRECISION). */
  amplification: string
  /** Balances of `tokens[i]`, smallest units. */
  balances: string[]
}

interface PoolJsonBase {
  id: string
  chainId: number
  /** Protocol name, e.g. `uniswap-v2`, `uniswap-v3`, `curve`, `pancakeswap-v2`, `orca-whirlpool`. */
  protocol: string
  /** Pool contract / account address, for display. */
  address?: string
  /** Token addresses; for V2/V3 tokens[0] is token0. */
  tokens: string[]
}

export interface ConstantProductPoolJson extends PoolJsonBase {
  kind: 'constantProduct'
  /** Fee in bps (30 = 0.30%). */
  feeBps: number
  state: ConstantProductStateJson
}

export interface ConcentratedPoolJson extends PoolJsonBase {
  kind: 'concentrated'
  /** Fee in pips, hundredths of a bp (500 = 0.05%). */
  feePips: number
  state: ConcentratedStateJson
}

export interface StableswapPoolJson extends PoolJsonBase {
  kind: 'stableswap'
  /** Fee in Curve's 1e10 units (4_000_000 = 0.04%). */
  fee: string
  state: StableswapStateJson
}

/**
 * Raydium's constant-product programs (raydium-cp-swap, and AMM v4's order-book-free swaps, which compute the same
 * numbers): the trade fee is taken from the input, rounded up, and the protocol and fund shares come out of it.
 */
export interface RaydiumCpmmPoolJson extends PoolJsonBase {
  kind: 'raydiumCpmm'
  /** Trade fee in pips, the program's `trade_fee_rate` over 1e6 (2500 = 0.25%). */
  feePips: number
  /** Share of the trade fee kept for the protocol, millionths (`protocol_fee_rate`); 0 when absent. */
  protocolFeeRate?: number
  /** Share of the trade fee kept for the fund, millionths (`fund_fee_rate`); 0 when absent. */
  fundFeeRate?: number
  /** Vault amounts less the protocol, fund and creator fees the pool owes (`vault_amount_without_fee`). */
  state: ConstantProductStateJson
}

export interface WhirlpoolStateJson {
  /** Q64.64 sqrt price (`sqrt_price`). */
  sqrtPriceX64: string
  /** Current tick (`tick_current_index`); consistent with sqrtPriceX64. */
  tick: number
  /** In-range liquidity. */
  liquidity: string
  tickSpacing: number
  /** Initialized ticks, sorted ascending by index. */
  ticks: TickJson[]
}

/** Orca Whirlpool (concentrated liquidity on Solana, Q64.64 prices, tick arrays of 88 ticks). */
export interface WhirlpoolPoolJson extends PoolJsonBase {
  kind: 'whirlpool'
  /** Fee in pips, the program's `fee_rate` in hundredths of a bp (400 = 0.04%). */
  feePips: number
  /** Share of the fee kept for the protocol, bps (`protocol_fee_rate`); 0 when absent. */
  protocolFeeRateBps?: number
  state: WhirlpoolStateJson
}

export type PoolJson =
  ConstantProductPoolJson | ConcentratedPoolJson | StableswapPoolJson | RaydiumCpmmPoolJson | WhirlpoolPoolJson

export interface BridgeLaneJson {
  id: string
  bridgeId: BridgeId
  srcChainId: number
  srcToken: string
  dstChainId: number
  dstToken: string
  /** Proportional fee, bps of the amount after the flat fee. */
  feeBps: number
  /** Flat fee in the source token's smallest units, deducted first. */
  flatFee: string
  /** Smallest accepted input, source token units. */
  minAmount: string
  /** Largest accepted input, source token units. */
  maxAmount: string
  /** Output the lane can deliver, destination token units. */
  liquidity: string
  estimatedSeconds: number
  /**
   * Present for a swapping lane (THORChain): the depths of its virtual pool, source and destination units.
   * Output follows the slip-based formula `y = x·X·Y / (x + X)²`. Absent: same asset, converted by decimals.
   */
  depths?: { srcDepth: string; dstDepth: string }
}

export interface SnapshotJson {
  /** Format version; 1. */
  version: 1
  name: string
  chains: ChainJson[]
  tokens: TokenJson[]
  pools: PoolJson[]
  lanes: BridgeLaneJson[]
}

// ---------------------------------------------------------------------------------------------------------------
// Loaded form (validated, bigint, frozen)
// ---------------------------------------------------------------------------------------------------------------

export interface Chain {
  readonly chainId: number
  readonly name: string
  readonly vm: Vm
  readonly nativeToken: string
  readonly wrappedNativeToken: string | undefined
  readonly routerAddress: string
  readonly blockTimeMs: number
  readonly swapGasUnits: bigint
  readonly gasPrice: bigint
}

export interface Token {
  readonly chainId: number
  /** Address as written in the snapshot (checksummed on EVM). */
  readonly address: string
  /** Lookup key: `chainId:address`, address lower-cased on EVM-format chains. */
  readonly key: string
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  readonly isNative: boolean
  readonly logo: string
  readonly svcCode: string
  readonly usdPrice: string
}

export interface ConstantProductState {
  readonly reserve0: bigint
  readonly reserve1: bigint
}

export interface Tick {
  readonly index: number
  readonly liquidityNet: bigint
}

export interface ConcentratedState {
  readonly sqrtPriceX96: bigint
  readonly tick: number
  readonly liquidity: bigint
  readonly tickSpacing: number
  readonly ticks: readonly Tick[]
}

export interface StableswapState {
  readonly amplification: bigint
  readonly balances: readonly bigint[]
}

interface PoolBase {
  readonly id: string
  readonly chainId: number
  readonly protocol: string
  readonly address: string | undefined
  /** Token keys (`chainId:address`), in pool order. */
  readonly tokens: readonly string[]
}

export interface ConstantProductPool extends PoolBase {
  readonly kind: 'constantProduct'
  readonly feeBps: number
  readonly state: ConstantProductState
}

export interface ConcentratedPool extends PoolBase {
  readonly kind: 'concentrated'
  readonly feePips: number
  readonly state: ConcentratedState
}

export interface StableswapPool extends PoolBase {
  readonly kind: 'stableswap'
  /** Curve fee, 1e10 units. */
  readonly fee: bigint
  /** Decimals of each coin, for precision multipliers. */
  readonly decimals: readonly number[]
  readonly state: StableswapState
}

export interface RaydiumCpmmPool extends PoolBase {
  readonly kind: 'raydiumCpmm'
  /** Trade fee in pips (`trade_fee_rate` / 1e6). */
  readonly feePips: number
  /** Protocol share of the trade fee, millionths. */
  readonly protocolFeeRate: number
  /** Fund share of the trade fee, millionths. */
  readonly fundFeeRate: number
  readonly state: ConstantProductState
}

export interface WhirlpoolState {
  readonly sqrtPriceX64: bigint
  readonly tick: number
  readonly liquidity: bigint
  readonly tickSpacing: number
  readonly ticks: readonly Tick[]
}

export interface WhirlpoolPool extends PoolBase {
  readonly kind: 'whirlpool'
  /** Fee in pips (`fee_rate`, hundredths of a bp). */
  readonly feePips: number
  /** Protocol share of the fee, bps. */
  readonly protocolFeeRateBps: number
  readonly state: WhirlpoolState
}

export type Pool = ConstantProductPool | ConcentratedPool | StableswapPool | RaydiumCpmmPool | WhirlpoolPool

export interface BridgeLane {
  readonly id: string
  readonly bridgeId: BridgeId
  readonly srcChainId: number
  /** Token key of the source token. */
  readonly srcToken: string
  readonly dstChainId: number
  /** Token key of the destination token. */
  readonly dstToken: string
  readonly srcDecimals: number
  readonly dstDecimals: number
  readonly feeBps: number
  readonly flatFee: bigint
  readonly minAmount: bigint
  readonly maxAmount: bigint
  readonly liquidity: bigint
  readonly estimatedSeconds: number
  readonly depths: { readonly srcDepth: bigint; readonly dstDepth: bigint } | undefined
}

/** A loaded snapshot: validated, indexed and deeply frozen. */
export interface Snapshot {
  readonly name: string
  readonly chains: ReadonlyMap<number, Chain>
  /** By token key (`chainId:address`). */
  readonly tokens: ReadonlyMap<string, Token>
  readonly pools: readonly Pool[]
  readonly lanes: readonly BridgeLane[]
}
