/**
 * Wallet screening (SPEC §5.6, §7.2 `WALLET_SCREENED`): addresses in a request against the sanctioned lists.
 */
import { WalletScreeningError } from '../../engine/index.js'
import { canonicalAddress, type ScreeningFamily, type ScreeningLists } from './screeningLists.js'

/** One address of a request to screen, with the chain it is used on. */
export interface ScreenedAddress {
  /** The request field it came from (`sender`, `recipient`, `refundTo`, …), for logs. */
  readonly field: string
  readonly address: string
  readonly chainId: number
}

/** Screens addresses against lists loaded once; lookups are O(1). */
export interface Screener {
  /**
   * Throws for the first listed address, in the order given.
   * @throws WalletScreeningError (403 `WALLET_SCREENED`) with `walletAddress` as received, its `chainId`,
   *   `riskLevel` `severe`, `reason` `OFAC SDN list` and `screenedAt`.
   */
  screenAddresses(addresses: readonly ScreenedAddress[]): void
  /** Whether an address is listed for a chain's family; `false` for a chain with no list. */
  isListed(chainId: number, address: string): boolean
}

/** Chain ids of the non-EVM chains (DESIGN: aggregator numbering). HyperCore (1337) uses EVM addresses. */
export const BITCOIN_CHAIN_ID = 20_000_000_000_001
export const TRON_CHAIN_ID = 728_126_428
export const SOLANA_CHAIN_ID = 1_151_111_081_099_710

/**
 * The address family a chain's addresses belong to. Every positive integer other than the Bitcoin, Tron and
 * Solana ids is taken as EVM-format: EVM chains and HyperCore share one format, and a chain added to a
 * snapshot later is then screened without a change here. This cannot flag a wrong address: the EVM set holds
 * only `0x` + 40 hex entries, which no address of another format equals.
 *
 * @param chainId - a chain id.
 * @returns the family, or `undefined` for a chain id that is not a positive safe integer.
 *
 * @example
 * screeningFamilyOf(42161) // 'evm'
 * screeningFamilyOf(20000000000001) // 'bitcoin'
 */
export function screeningFamilyOf(chainId: number): ScreeningFamily | undefined {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) return undefined
  switch (chainId) {
    case BITCOIN_CHAIN_ID:
      return 'bitcoin'
    case TRON_CHAIN_ID:
      return 'tron'
    case SOLANA_CHAIN_ID:
      return 'solana'
    default:
      return 'evm'
  }
}

/**
 * Builds a screener over loaded lists. Use the same one per worker for query strings (compliance middleware)
 * and for addresses read from JSON bodies.
 *
 * @param lists - from `loadScreeningLists`.
 * @param now - the clock for `screenedAt` (tests pass a fixed one).
 * @returns the screener.
 *
 * @example
 * const screener = createScreener(loadScreeningLists(config.screeningDir))
 * screener.screenAddresses([{ field: 'sender', address, chainId: 1 }]) // throws WalletScreeningError if listed
 */
export function createScreener(lists: ScreeningLists, now: () => Date = () => new Date()): Screener {
  const isListed = (chainId: number, address: string): boolean => {
    const family = screeningFamilyOf(chainId)
    return family !== undefined && lists.sets[family].has(canonicalAddress(family, address))
  }
  return Object.freeze({
    isListed,
    screenAddresses(addresses: readonly ScreenedAddress[]): void {
      for (const { address, chainId } of addresses) {
        if (!isListed(chainId, address)) continue
        throw new WalletScreeningError({
          walletAddress: address,
          chainId,
          riskLevel: 'severe',
          reason: 'OFAC SDN list',
          screenedAt: now().toISOString(),
        })
      }
    },
  })
}

/**
 * Reads a chain id from a query string for screening, leniently: rejecting malformed ids is the route's job,
 * so this never throws.
 *
 * @param raw - the parameter's value.
 * @returns the chain id when `raw` is decimal digits naming a positive safe integer, else `undefined`.
 *
 * @example
 * parseChainIdLeniently('42161') // 42161
 * parseChainIdLeniently('0xa4b1') // undefined: not screened
 */
export function parseChainIdLeniently(raw: string): number | undefined {
  if (!/^\d{1,16}$/.test(raw)) return undefined
  const chainId = Number(raw)
  return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined
}
