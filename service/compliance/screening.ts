/**
 * Wallet screening (SPEC §5.6, §7.2 `WALLET_SCREENED`): addresses in a request against the sanctioned lists.
 */
import { type Chain, type Vm, addressFamilyOf } from '../../engine/index.js'
import { WalletScreeningError } from '../errors.js'
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

/** The chains the screener knows: the snapshot the service quotes on (`engine.snapshot.chains`). */
export type ScreenedChains = ReadonlyMap<number, Pick<Chain, 'vm'>>

/**
 * The VM assumed for a chain the snapshot does not name: EVM chains and HyperCore share the 20-byte hex format,
 * so an EVM chain added to the service later is screened without a change here. This cannot flag a wrong
 * address: the EVM set holds only `0x` + 40 hex entries, which no address of another format equals.
 */
const UNLISTED_CHAIN_VM: Vm = 'evm'

/**
 * The address family whose list screens a chain's addresses: its VM's family (`engine/vm`), so no chain id is
 * written here.
 *
 * @param chainId - a chain id.
 * @param chains - the chains of the snapshot served; a chain it does not name is screened as EVM-format.
 * @returns the family, or `undefined` for a chain id that is not a positive safe integer.
 *
 * @example
 * screeningFamilyOf(42161, engine.snapshot.chains) // 'evm'
 * screeningFamilyOf(20000000000001, engine.snapshot.chains) // 'bitcoin' (in the default snapshot)
 */
export function screeningFamilyOf(chainId: number, chains: ScreenedChains): ScreeningFamily | undefined {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) return undefined
  return addressFamilyOf(chains.get(chainId)?.vm ?? UNLISTED_CHAIN_VM)
}

/** What a screener is built from. */
export interface CreateScreenerParameters {
  /** From `loadScreeningLists`. */
  readonly lists: ScreeningLists
  /** The chains of the snapshot the service serves (`engine.snapshot.chains`): each chain's VM picks its list. */
  readonly chains: ScreenedChains
  /** The clock for `screenedAt` (tests pass a fixed one); default `new Date()`. */
  readonly now?: () => Date
}

/**
 * Builds a screener over loaded lists. Use the same one per worker for query strings (compliance middleware)
 * and for addresses read from JSON bodies. Reads no file: the lists and the chains are given.
 *
 * @returns the screener.
 *
 * @example
 * const screener = createScreener({ lists: loadScreeningLists(config.screeningDir), chains: engine.snapshot.chains })
 * screener.screenAddresses([{ field: 'sender', address, chainId: 1 }]) // throws WalletScreeningError if listed
 */
export function createScreener(parameters: CreateScreenerParameters): Screener {
  const { lists, chains, now = () => new Date() } = parameters
  const isListed = (chainId: number, address: string): boolean => {
    const family = screeningFamilyOf(chainId, chains)
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
