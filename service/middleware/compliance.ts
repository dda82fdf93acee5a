/**
 * Compliance middleware (SPEC §5.6): geo-blocking by the proxy's country header, then wallet screening of every
 * address the query string names or pays to: `sender`, `recipient`, `refundTo`, each `appFees[].receiverAddress`
 * (or, without `appFees`, the key's configured fee receivers), an `evm-calldata-tx`'s `to` and `erc20Spender`, and
 * the `solanaSponsor`. Addresses the service reads from a body or from the store (a venue user and its proxy
 * wallet) are screened by their routes with `screenAddresses`, against the same lists.
 */
import type Koa from 'koa'
import type { AppFee, Snapshot } from '../../engine/index.js'
import type { ServiceConfig } from '../config.js'
import { createGeoPolicy } from '../compliance/geo.js'
import { createScreener, parseChainIdLeniently, type ScreenedAddress } from '../compliance/screening.js'
import { loadScreeningLists } from '../compliance/screeningLists.js'
import type { AppState } from '../types.js'

/** The middleware, plus the screening hook for addresses that arrive in JSON bodies. */
export interface ComplianceMiddleware extends Koa.Middleware<AppState> {
  /**
   * Screens addresses with the lists this middleware loaded. Call it from routes that read addresses from a
   * body.
   * @throws WalletScreeningError for the first listed address.
   */
  screenAddresses(addresses: readonly ScreenedAddress[]): void
}

/** What `createCompliance` needs beyond the service configuration. */
export interface CreateComplianceOptions {
  /** The snapshot the app serves (`engine.snapshot`): each chain's VM picks the list that screens its wallets. */
  readonly snapshot: Pick<Snapshot, 'chains'>
  /** Clock for `blockedAt` and `screenedAt`; default `new Date()`. */
  readonly now?: () => Date
}

/** Query fields screened, and the chain-id parameter saying which chain each address is used on. */
const QUERY_WALLETS = [
  { field: 'sender', chainParameter: 'srcChainId' },
  { field: 'recipient', chainParameter: 'dstChainId' },
  { field: 'refundTo', chainParameter: 'srcChainId' },
  // The contract an evm-calldata-tx calls with the output, and the spender it approves, on the destination chain.
  { field: 'to', chainParameter: 'dstChainId' },
  { field: 'erc20Spender', chainParameter: 'dstChainId' },
  // The Solana fee payer of a sponsored swap (SPEC §4.1): it acts in the transaction, so it is screened like the
  // sender (against the Solana list, the source chain's family).
  { field: 'solanaSponsor', chainParameter: 'srcChainId' },
] as const

const valuesOf = (value: string | string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value

/** One address to screen, the request field it came from and the parameter naming its chain. */
interface QueryWallet {
  readonly field: string
  readonly chainParameter: 'srcChainId' | 'dstChainId'
  readonly address: string
}

/**
 * The fee receivers of a request, screened on the source chain (fees are taken in the source token): those of the
 * `appFees` parameter, read leniently (a malformed value is the route's to reject, after screening), or the key's
 * configured fees when the parameter is absent.
 */
function feeReceivers(query: string | string[] | undefined, keyFees: readonly AppFee[] = []): QueryWallet[] {
  const wallet = (address: string, index: number): QueryWallet => ({
    field: `appFees[${index}].receiverAddress`,
    chainParameter: 'srcChainId',
    address,
  })
  if (query === undefined) return keyFees.map((fee, index) => wallet(fee.receiverAddress, index))
  const wallets: QueryWallet[] = []
  for (const text of valuesOf(query)) {
    let fees: unknown
    try {
      fees = JSON.parse(text)
    } catch {
      continue
    }
    if (!Array.isArray(fees)) continue
    fees.forEach((fee: unknown, index) => {
      const receiver = (fee as { receiverAddress?: unknown } | null)?.receiverAddress
      if (typeof receiver === 'string') wallets.push(wallet(receiver.trim(), index))
    })
  }
  return wallets
}

/** A query string's parameters, as Koa parses them. */
export type QueryParameters = Readonly<Record<string, string | string[] | undefined>>

/**
 * The addresses a `getAction` query names or pays to, each with the chain it is used on (see the module comment):
 * what the middleware screens, and what `POST /getActions` screens for each of its requests.
 *
 * @param query - the parameters.
 * @param keyFees - the API key's configured fees, whose receivers are screened when the query has no `appFees`.
 * @example compliance.screenAddresses(queryAddresses(item, apiKey.appFees))
 */
export function queryAddresses(query: QueryParameters, keyFees?: readonly AppFee[]): ScreenedAddress[] {
  const wallets: QueryWallet[] = feeReceivers(query.appFees, keyFees)
  for (const { field, chainParameter } of QUERY_WALLETS) {
    for (const address of valuesOf(query[field])) wallets.push({ field, chainParameter, address })
  }
  const addresses: ScreenedAddress[] = []
  for (const { field, chainParameter, address } of wallets) {
    for (const rawChainId of valuesOf(query[chainParameter])) {
      const chainId = parseChainIdLeniently(rawChainId)
      if (chainId !== undefined) addresses.push({ field, address, chainId })
    }
  }
  return addresses
}

/**
 * Builds the compliance middleware once per worker: reads the lists in `config.screeningDir` now, never on
 * the request path.
 *
 * Per request: (1) GEO_BLOCKED when the trusted header `config.geoHeader` holds a code in `config.geoBlocked`
 * (see `compliance/geo.ts` for missing header, `XX` and `T1`); (2) WALLET_SCREENED when `sender` or `refundTo`
 * is listed for `srcChainId`'s family, or `recipient` for `dstChainId`'s. A field whose chain id is absent or
 * not a positive integer is not screened (rejecting malformed input is the route's job). Repeated parameters
 * are all screened, against every chain id given, so a duplicate cannot hide an address from screening.
 *
 * @param config - `geoHeader`, `geoBlocked`, `screeningDir`.
 * @param options - `snapshot`, the one the app serves; `now`, for tests.
 * @returns the middleware, with `screenAddresses` for body addresses.
 * @throws Error at construction when the lists cannot be loaded or the geo configuration is malformed.
 *   The middleware throws GeoBlockingError or WalletScreeningError (403) for the error middleware to render.
 *
 * @example
 * const compliance = createCompliance(config, { snapshot: engine.snapshot })
 * app.use(createAuth(keys)).use(compliance)
 * compliance.screenAddresses([{ field: 'txs[0].sender', address, chainId: 1 }]) // in a POST route
 */
export function createCompliance(
  config: Pick<ServiceConfig, 'geoHeader' | 'geoBlocked' | 'screeningDir'>,
  options: CreateComplianceOptions,
): ComplianceMiddleware {
  const now = options.now ?? (() => new Date())
  const geo = createGeoPolicy(config)
  const screener = createScreener({
    lists: loadScreeningLists(config.screeningDir),
    chains: options.snapshot.chains,
    now,
  })

  const compliance: Koa.Middleware<AppState> = async function compliance(ctx, next) {
    const blocked = geo.check(ctx.get(geo.header), now())
    if (blocked !== undefined) throw blocked

    screener.screenAddresses(queryAddresses(ctx.query, ctx.state.apiKey?.appFees))
    await next()
  }
  return Object.assign(compliance, { screenAddresses: screener.screenAddresses })
}
