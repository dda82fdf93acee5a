/**
 * Wallet screening (SPEC §5.6, §7.2 `WALLET_SCREENED`): addresses in a request against the sanctioned lists.
 */
import { type Vm, addressFamilyOf } from '../../engine/index.js'
import { WalletScreeningError } from '../errors.js'
import { loadSnapshotFile } from '../../engine/loader.js'
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

/** How the screener learns a chain's VM: from the snapshot the service quotes on. */
export type VmOfChain = (chainId: number) => Vm | undefined

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
 * @param vmOfChain - the chains' VMs (default: the default snapshot's chains).
 * @returns the family, or `undefined` for a chain id that is not a positive safe integer.
 *
 * @example
 * screeningFamilyOf(42161) // 'evm'
 * screeningFamilyOf(20000000000001) // 'bitcoin'
 */
export function screeningFamilyOf(
  chainId: number,
  vmOfChain: VmOfChain = defaultVmOfChain(),
): ScreeningFamily | undefined {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) return undefined
  return addressFamilyOf(vmOfChain(chainId) ?? UNLISTED_CHAIN_VM)
}

let defaultChains: VmOfChain | undefined

/**
 * The default snapshot's chains, loaded once through the engine's validating loader. Used when a caller does not
 * pass the chains of the snapshot it serves; a service with its own snapshot should pass them.
 */
function defaultVmOfChain(): VmOfChain {
  if (defaultChains === undefined) {
    const chains = loadSnapshotFile().chains
    defaultChains = (chainId) => chains.get(chainId)?.vm
  }
  return defaultChains
}

/**
 * Builds a screener over loaded lists. Use the same one per worker for query strings (compliance middleware)
 * and for addresses read from JSON bodies.
 *
 * @param lists - from `loadScreeningLists`.
 * @param now - the clock for `screenedAt` (tests pass a fixed one).
 * @param vmOfChain - each chain's VM, from the snapshot served (default: the default snapshot's chains).
 * @returns the screener.
 *
 * @example
 * const screener = createScreener(loadScreeningLists(config.screeningDir))
 * screener.screenAddresses([{ field: 'sender', address, chainId: 1 }]) // throws WalletScreeningError if listed
 */
export function createScreener(
  lists: ScreeningLists,
  now: () => Date = () => new Date(),
  vmOfChain: VmOfChain = defaultVmOfChain(),
): Screener {
  const isListed = (chainId: number, address: string): boolean => {
    const family = screeningFamilyOf(chainId, vmOfChain)
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
