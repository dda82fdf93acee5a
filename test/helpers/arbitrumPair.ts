/**
 * The repeated pair of the research tests: Arbitrum USDC → WETH on the default snapshot, as a request without its
 * amount and as the CLI's `--src`/`--dst` options.
 */
import { DEFAULT_SENDER } from '../../cli/request.js'
import { ARB_USDC, ARB_WETH } from './mainnet.js'

export { ARB_USDC, ARB_WETH }

/** Exact-in USDC → WETH on Arbitrum, 50 bps slippage; add an `amount`. */
export const USDC_TO_WETH = Object.freeze({
  sender: DEFAULT_SENDER, // the CLI's, so that its quotes equal these
  srcChainId: 42161,
  srcToken: ARB_USDC,
  dstChainId: 42161,
  dstToken: ARB_WETH,
  swapDirection: 'exact-amount-in' as const,
  slippage: 50,
})

/** The same pair as CLI options. */
export const USDC_TO_WETH_OPTIONS: readonly string[] = ['--src', '42161:USDC', '--dst', '42161:WETH']

/**
 * The pair as a `getAction` query of the service tests: a `swap-action` of `amount` (default 1,000 USDC) from
 * `sender`.
 *
 * @example await fetch(`${url}/getAction?${usdcToWethQuery(SENDER)}`, { headers })
 */
export function usdcToWethQuery(sender: string, amount = '1000000000'): URLSearchParams {
  return new URLSearchParams({
    actionType: 'swap-action',
    srcChainId: String(USDC_TO_WETH.srcChainId),
    srcToken: USDC_TO_WETH.srcToken,
    dstChainId: String(USDC_TO_WETH.dstChainId),
    dstToken: USDC_TO_WETH.dstToken,
    amount,
    swapDirection: USDC_TO_WETH.swapDirection,
    slippage: String(USDC_TO_WETH.slippage),
    sender,
  })
}
