/**
 * The memo of a Bitcoin deposit, in THORChain's swap-memo format: `=:ASSET:DESTINATION:LIMIT`. The vault reads
 * it from the transaction's `OP_RETURN` output and swaps the deposit to `ASSET` for `DESTINATION`, refusing (and
 * refunding the sender) below `LIMIT`.
 *
 * - `ASSET`: `CHAIN.SYMBOL` for a native token, `CHAIN.SYMBOL-ADDRESS` for any other (THORChain's notation; EVM
 *   and HyperCore addresses upper-cased as THORChain writes them, other VMs' addresses as they are, since base58 is
 *   case-sensitive). `CHAIN` is THORChain's ticker where THORChain has one (`ETH`, `BSC`, `AVAX`, `BASE`),
 *   else the service's decimal chain id.
 * - `DESTINATION`: the request's `recipient` (default `sender`), as given.
 * - `LIMIT`: the quote's `amountOutMin` in the destination token's smallest units. THORChain's own limit is in 1e8
 *   units; the crossroute vault takes the exact figure instead, so the memo never rounds the trader's bound.
 */
import type { QuoteResult } from '../../quote/types.js'
import type { Snapshot } from '../../graph/types.js'
import { addressFamilyOf } from '../registry.js'

/** THORChain's chain tickers, by the service's chain id (Bitcoin's is never a destination of a Bitcoin deposit). */
const THORCHAIN_TICKERS: ReadonlyMap<number, string> = new Map([
  [1, 'ETH'],
  [56, 'BSC'],
  [43114, 'AVAX'],
  [8453, 'BASE'],
])

/**
 * The deposit memo of a quote (see the module comment for the format).
 *
 * @param snapshot - the snapshot the quote was made on (for the destination chain's VM).
 * @param quote - the quote: its destination token and `amountOutMin`.
 * @param recipient - who receives on the destination chain.
 * @returns the memo text (ASCII).
 *
 * @example
 * bitcoinMemo(snapshot, quote, '0x8ba1f109551bD432803012645Ac136ddd64DBA72')
 * // → '=:ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48:0x8ba1f109551bD432803012645Ac136ddd64DBA72:5912000000'
 */
export function bitcoinMemo(snapshot: Snapshot, quote: QuoteResult, recipient: string): string {
  const out = quote.amountOutMin
  const chain = THORCHAIN_TICKERS.get(out.chainId) ?? String(out.chainId)
  const dstChain = snapshot.chains.get(out.chainId)
  const isEvmFormat = dstChain !== undefined && addressFamilyOf(dstChain.vm) === 'evm'
  const asset = out.isNative
    ? `${chain}.${out.symbol}`
    : `${chain}.${out.symbol}-${isEvmFormat ? out.address.toUpperCase() : out.address}`
  return `=:${asset}:${recipient}:${out.amount}`
}

/**
 * The parts of a memo (for tests and for anyone checking a deposit).
 *
 * @returns `undefined` when the text is not a swap memo.
 * @example parseBitcoinMemo('=:ETH.ETH:0xabc…:42') // { asset: 'ETH.ETH', destination: '0xabc…', limit: 42n }
 */
export function parseBitcoinMemo(memo: string): { asset: string; destination: string; limit: bigint } | undefined {
  const match = /^=:([^:]+):([^:]+):([0-9]+)$/.exec(memo)
  if (match === null) return undefined
  return { asset: match[1]!, destination: match[2]!, limit: BigInt(match[3]!) }
}
