/**
 * The pool-kind registry: one module per kind, looked up by `pool.kind`. The loader, the router and the quote ask
 * here; adding a kind is adding its module to `POOL_KINDS` (and its types to `graph/types.ts`).
 */
import type { Pool, PoolJson, PoolKind } from '../graph/types.js'
import { concentratedKind } from './concentratedKind.js'
import { constantProductKind } from './constantProductKind.js'
import type { ParsePoolContext, PoolKindModule } from './poolKind.js'
import { raydiumCpmmKind } from './raydiumCpmmKind.js'
import { stableswapKind } from './stableswapKind.js'
import { whirlpoolKind } from './whirlpoolKind.js'

/** Each kind's module, typed with its own pool and JSON types. */
export type PoolKindModules = {
  readonly [K in PoolKind]: PoolKindModule<Extract<Pool, { kind: K }>, Extract<PoolJson, { kind: K }>>
}

/** Every pool kind's module, frozen. */
export const POOL_KINDS: PoolKindModules = Object.freeze({
  constantProduct: constantProductKind,
  concentrated: concentratedKind,
  stableswap: stableswapKind,
  raydiumCpmm: raydiumCpmmKind,
  whirlpool: whirlpoolKind,
})

/**
 * Whether a value names a pool kind of the registry (for loaders reading untrusted JSON).
 *
 * @example
 * isPoolKind('stableswap') // true
 * isPoolKind('weighted') // false
 */
export function isPoolKind(value: unknown): value is PoolKind {
  return typeof value === 'string' && Object.hasOwn(POOL_KINDS, value)
}

/**
 * The module of a loaded pool's kind, typed for that pool. The one place where the kind's correlation between the
 * pool and its module is asserted (TypeScript cannot follow it through an indexed lookup).
 *
 * @param pool - a loaded pool.
 * @returns its kind's module.
 *
 * @example
 * poolKindOf(pool).midPrice(pool, 0, 1)
 */
export function poolKindOf<P extends Pool>(pool: P): PoolKindModule<P> {
  return POOL_KINDS[pool.kind] as unknown as PoolKindModule<P>
}

/**
 * Reads a pool JSON entry with its kind's parser.
 *
 * @param json - the entry; its `kind` must be checked with `isPoolKind` first.
 * @param context - the common fields and helpers from the loader.
 * @returns the loaded pool (not yet validated: run `poolKindOf(pool).validate(pool)`).
 *
 * @example
 * const pool = parsePool(entry, { base, tokenDecimals, big, fail })
 */
export function parsePool(json: PoolJson, context: ParsePoolContext): Pool {
  return (POOL_KINDS[json.kind] as unknown as PoolKindModule<Pool, PoolJson>).parse(json, context)
}
