/**
 * The shape of one pool kind: everything the loader, the router and the quote need to know about a kind of pool,
 * in one object. Each kind (`constantProductKind.ts`, `concentratedKind.ts`, `stableswapKind.ts`,
 * `raydiumCpmmKind.ts`, `whirlpoolKind.ts`) exports one; `registry.ts` looks them up by `pool.kind`. Indices are
 * positions in `pool.tokens`.
 */
import type { Pool, PoolJson } from '../graph/types.js'

/** The fields every pool has, read by the loader before the kind's own fields. */
export type PoolBaseFields = Pick<Pool, 'id' | 'chainId' | 'protocol' | 'address' | 'tokens'>

/** What a kind's `parse` gets from the loader besides the JSON entry. */
export interface ParsePoolContext {
  /** The common fields, already checked (tokens resolved to keys). */
  readonly base: PoolBaseFields
  /** Decimals of each token, in pool order. */
  readonly tokenDecimals: readonly number[]
  /** A decimal string field as a bigint; fails the entry when it is not one. */
  readonly big: (field: string, value: unknown, signed?: boolean) => bigint
  /** Rejects the entry with a reason (throws `InvalidSnapshotError` naming it). */
  readonly fail: (reason: string) => never
}

/**
 * One pool kind. Amount functions answer `undefined` when the pool cannot fill the amount, never throw for it; the
 * caller (`pools/index.ts`) has checked the indices and that the amount is ≥ 0.
 */
export interface PoolKindModule<P extends Pool = Pool, J extends PoolJson = PoolJson> {
  readonly kind: P['kind']
  /** The loaded pool of a JSON entry of this kind (shape and ranges of its own fields; `validate` runs after). */
  parse(json: J, context: ParsePoolContext): P
  /** Why a loaded pool's state is inconsistent, or `undefined` when the math can run on it. */
  validate(pool: P): string | undefined
  /** Exact output for an input, rounded down (against the trader). */
  amountOut(pool: P, tokenInIndex: number, tokenOutIndex: number, amountIn: bigint): bigint | undefined
  /** Smallest input for a wanted output, rounded up (against the trader). */
  amountIn(pool: P, tokenInIndex: number, tokenOutIndex: number, amountOut: bigint): bigint | undefined
  /** Marginal price before fee, smallest units of out per smallest unit of in (for ranking and price impact). */
  midPrice(pool: P, tokenInIndex: number, tokenOutIndex: number): number
  /** The fee as a fraction of the input (0.003 for 30 bps). */
  feeFraction(pool: P): number
  /** The fee in pips (hundredths of a bp), the unit of a route step's `feePips`. */
  feePips(pool: P): number
  /**
   * The pool after it took `amountIn` and paid `amountOut` (a pair of amounts its `amountOut`/`amountIn` gave), new
   * frozen objects sharing what did not change; `undefined` when the pool would not do that swap. For what-ifs.
   */
  afterSwap(pool: P, tokenInIndex: number, tokenOutIndex: number, amountIn: bigint, amountOut: bigint): P | undefined
  /** USD depth for choosing which pools the router keeps: the smallest side's value at the current state. */
  depthUsd(pool: P, usdPerUnit: readonly number[]): number
  /**
   * Optional: a float upper bound of `amountOut` as a function of the input (fee included), tighter than
   * `amountIn × midPrice × (1 − fee)`, for the router to skip paths that cannot rank; it must be non-decreasing
   * and provably at least the exact output (the kind's module documents why). Kinds without one are bounded by
   * their mid price.
   */
  outputBound?(pool: P, tokenInIndex: number, tokenOutIndex: number): (amountIn: number) => number
}
