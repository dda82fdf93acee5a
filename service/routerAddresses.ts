/**
 * Router addresses as configuration (README "Where `tx.to` comes from"): each chain's router — the `to` of every
 * transaction the service builds on it, and the contract whose events the tracker reads — is the chain's
 * `routerAddress` in the snapshot, unless `ROUTER_ADDRESSES` names one for that chain. Main-thread safe: no engine
 * module.
 */
import type { SnapshotJson } from '../engine/graph/types.js'

/**
 * The default fixture's router on its EVM and HyperCore chains (fixtures/README.md): a recognisable placeholder with
 * no contract behind it. A transaction sent there moves nothing.
 */
export const PLACEHOLDER_ROUTER_ADDRESS = '0xc7055c7055c7055C7055C7055C7055c7055C7055'

/**
 * Parses `ROUTER_ADDRESSES`: comma-separated `chainId=address` pairs (`42161=0xAbc…,10=0xDef…`); blanks around
 * entries are ignored. The address is checked against its chain's VM when the snapshot is loaded (the loader's
 * address rules: an EVM address must be EIP-55 or all one case), which makes the service refuse to start.
 *
 * @returns router address by chain id (empty when unset).
 * @throws Error naming `ROUTER_ADDRESSES` for a malformed entry or a chain given twice.
 * @example parseRouterAddresses('42161=0x5FbDB2315678afecb367f032d93F642f64180aa3').get(42161)
 */
export function parseRouterAddresses(raw: string): ReadonlyMap<number, string> {
  const entries = new Map<number, string>()
  for (const part of raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const separator = part.indexOf('=')
    const chainIdText = part.slice(0, Math.max(separator, 0)).trim()
    const address = part.slice(separator + 1).trim()
    const chainId = Number(chainIdText)
    if (separator < 1 || !/^[1-9][0-9]*$/.test(chainIdText) || !Number.isSafeInteger(chainId) || !/^\S+$/.test(address))
      throw new Error(`ROUTER_ADDRESSES entries must be chainId=address, got ${JSON.stringify(part)}`)
    if (entries.has(chainId)) throw new Error(`ROUTER_ADDRESSES names chain ${chainId} twice`)
    entries.set(chainId, address)
  }
  return entries
}

/**
 * A snapshot with the configured router addresses in place of its own. A chain the snapshot does not have is
 * skipped (a reloaded snapshot may lack a chain); `strict` (the service's starting snapshot) refuses it instead, so
 * that a typo in a chain id stops the service rather than leaving the snapshot's router in use.
 *
 * @throws Error naming `ROUTER_ADDRESSES` when `strict` and it names a chain the snapshot lacks.
 * @example loadSnapshot(withRouterAddresses(json, config.routerAddresses))
 */
export function withRouterAddresses(
  json: SnapshotJson,
  routerAddresses: ReadonlyMap<number, string>,
  strict = false,
): SnapshotJson {
  if (routerAddresses.size === 0) return json
  if (strict) {
    const chainIds = new Set(json.chains.map((chain) => chain.chainId))
    for (const chainId of routerAddresses.keys())
      if (!chainIds.has(chainId)) throw new Error(`ROUTER_ADDRESSES names chain ${chainId}, which the snapshot lacks`)
  }
  return {
    ...json,
    chains: json.chains.map((chain) => {
      const routerAddress = routerAddresses.get(chain.chainId)
      return routerAddress === undefined ? chain : { ...chain, routerAddress }
    }),
  }
}

/**
 * The chains whose router, after `ROUTER_ADDRESSES`, is still the default fixture's placeholder: the startup line
 * names them, since a transaction built for them goes to an address with no code.
 *
 * @example placeholderRouterChains(json, new Map()) // [1, 10, 56, …] for fixtures/default.json
 */
export function placeholderRouterChains(
  json: Pick<SnapshotJson, 'chains'>,
  routerAddresses: ReadonlyMap<number, string>,
): number[] {
  return json.chains
    .filter(
      (chain) =>
        (routerAddresses.get(chain.chainId) ?? chain.routerAddress).toLowerCase() ===
        PLACEHOLDER_ROUTER_ADDRESS.toLowerCase(),
    )
    .map((chain) => chain.chainId)
}

/**
 * The line the service prints beside `crossroute listening on …` when some chain's router is still the placeholder:
 * where a user first meets `tx.to`, it says that nothing is deployed there. Empty when every router is configured.
 *
 * @example placeholderRouterNote(json, config.routerAddresses) // 'note: tx.to on chains 1, 10, … is the placeholder …'
 */
export function placeholderRouterNote(
  json: Pick<SnapshotJson, 'chains'>,
  routerAddresses: ReadonlyMap<number, string>,
): string {
  const chains = placeholderRouterChains(json, routerAddresses)
  if (chains.length === 0) return ''
  return (
    `note: tx.to on chain${chains.length === 1 ? '' : 's'} ${chains.join(', ')} is the placeholder router ` +
    `${PLACEHOLDER_ROUTER_ADDRESS}, with no contract behind it: deploy the router (npm run router:deploy) and set ` +
    'ROUTER_ADDRESSES before sending any transaction\n'
  )
}
