/**
 * The quote cases the engine benchmarks time, and the check that each result is what its name says (done once,
 * before timing). Requests are built once per case; repeated-call tasks cycle through slightly different amounts.
 */
import type { Engine, QuoteRequest, QuoteResult } from '../engine/index.js'

export const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
export const SOLANA_RECIPIENT = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
export const SLIPPAGE_BPS = 50

const ARBITRUM = 42161
const ARBITRUM_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const ARBITRUM_WETH = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'
const SOLANA = 1151111081099710

/** Names used in task names (`area: case (fixture)`) and in the JSON report. */
export type CaseId = 'same-chain 1-hop' | 'same-chain 3-hop' | 'cross-chain' | 'exact-out' | 'evm→solana'

export interface QuoteCase {
  readonly id: CaseId
  /** One line for the README and the report. */
  readonly description: string
  readonly request: QuoteRequest
  /** Pools the best route uses on the default fixture (checked there; generated snapshots may route otherwise). */
  readonly defaultPools?: number
}

/**
 * The five cases. The 3-hop pair was chosen by a one-off scan (since removed): the first same-chain pair, in snapshot
 * token order, whose best route for $1,000 on the default fixture uses exactly 3 pools and no lane — Ethereum
 * DAI → WBTC (Curve 3pool DAI→USDC, Uniswap V3 USDC→WETH, Uniswap V3 WETH→WBTC).
 */
export const QUOTE_CASES: readonly QuoteCase[] = [
  {
    id: 'same-chain 1-hop',
    description: '1,000 USDC → WETH on Arbitrum',
    request: request({
      srcChainId: ARBITRUM,
      srcToken: ARBITRUM_USDC,
      dstChainId: ARBITRUM,
      dstToken: ARBITRUM_WETH,
      amount: '1000000000',
    }),
    defaultPools: 1,
  },
  {
    id: 'same-chain 3-hop',
    description: '1,000 DAI → WBTC on Ethereum (3pool, USDC→WETH, WETH→WBTC)',
    request: request({
      srcChainId: 1,
      srcToken: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
      dstChainId: 1,
      dstToken: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599',
      amount: '1000000000000000000000',
    }),
    defaultPools: 3,
  },
  {
    id: 'cross-chain',
    description: '250 USDC on Base → USDT on OP',
    request: request({
      srcChainId: 8453,
      srcToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      dstChainId: 10,
      dstToken: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
      amount: '250000000',
    }),
  },
  {
    id: 'exact-out',
    description: 'USDC → 0.5 WETH on Arbitrum, exact-amount-out',
    request: request({
      srcChainId: ARBITRUM,
      srcToken: ARBITRUM_USDC,
      dstChainId: ARBITRUM,
      dstToken: ARBITRUM_WETH,
      amount: '500000000000000000',
      swapDirection: 'exact-amount-out',
    }),
    defaultPools: 1,
  },
  {
    id: 'evm→solana',
    description: '1,000 USDC on Arbitrum → SOL on Solana',
    request: request({
      srcChainId: ARBITRUM,
      srcToken: ARBITRUM_USDC,
      dstChainId: SOLANA,
      dstToken: '11111111111111111111111111111111',
      amount: '1000000000',
      recipient: SOLANA_RECIPIENT,
    }),
  },
]

/**
 * A cheap pair used to push a case's pair out of a one-entry path cache before each first-call sample (HyperCore
 * USDC → HYPE: one spot book, a search that stays on a chain with few pools).
 */
export const EVICTOR_REQUEST: QuoteRequest = request({
  srcChainId: 1337,
  srcToken: '0x2000000000000000000000000000000000000000',
  dstChainId: 1337,
  dstToken: '0x0000000000000000000000000000000000000000',
  amount: '100000000',
})

/** The evictor as something `checkCase` can check. */
export const EVICTOR_CASE = { id: 'evictor (HyperCore USDC → HYPE)', request: EVICTOR_REQUEST } as const

export function caseById(id: CaseId): QuoteCase {
  const found = QUOTE_CASES.find((c) => c.id === id)
  if (found === undefined) throw new Error(`unknown case ${id}`)
  return found
}

/**
 * `count` requests whose amounts differ slightly (+0.001 % steps), so that repeated calls never repeat a request.
 * The engine caches nothing per amount today; this keeps the figure honest if it ever does.
 */
export function amountVariants(base: QuoteRequest, count = 64): QuoteRequest[] {
  const amount = BigInt(base.amount)
  const step = amount / 100_000n > 0n ? amount / 100_000n : 1n
  return Array.from({ length: count }, (_, i) => ({ ...base, amount: String(amount + BigInt(i) * step) }))
}

/** What the report keeps about a route: pools, lanes and the protocols in order. */
export interface RouteSummary {
  readonly pools: number
  readonly lanes: number
  readonly path: string
  readonly amountIn: string
  readonly amountOut: string
}

export function summarizeRoute(result: QuoteResult): RouteSummary {
  return {
    pools: result.steps.filter((step) => step.type === 'swap').length,
    lanes: result.steps.filter((step) => step.type === 'bridge').length,
    path: result.steps.map((step) => `${step.protocol}@${step.chainId}`).join(' → '),
    amountIn: result.amountIn.amount,
    amountOut: result.amountOut.amount,
  }
}

/**
 * Quotes a case once and checks the result before anything is timed: a positive output, the destination it asked
 * for, and on the default fixture the pool count its name promises.
 *
 * @throws Error naming the case and fixture when the quote fails or the result is not what the case means.
 */
export function checkCase(
  engine: Engine,
  quoteCase: Pick<QuoteCase, 'request' | 'defaultPools'> & { readonly id: string },
  fixture: string,
): RouteSummary {
  let result: QuoteResult
  try {
    result = engine.quote(quoteCase.request)
  } catch (cause) {
    throw new Error(`${quoteCase.id} (${fixture}): the quote failed before timing`, { cause })
  }
  const summary = summarizeRoute(result)
  const problem =
    BigInt(result.amountOut.amount) <= 0n
      ? 'amountOut is not positive'
      : result.amountOut.chainId !== quoteCase.request.dstChainId
        ? `amountOut is on chain ${result.amountOut.chainId}`
        : fixture === 'default' && quoteCase.defaultPools !== undefined && summary.pools !== quoteCase.defaultPools
          ? `best route uses ${summary.pools} pools, expected ${quoteCase.defaultPools} (${summary.path})`
          : undefined
  if (problem !== undefined) throw new Error(`${quoteCase.id} (${fixture}): ${problem}`)
  return summary
}

function request(fields: Omit<QuoteRequest, 'sender' | 'slippage'>): QuoteRequest {
  return { sender: SENDER, slippage: SLIPPAGE_BPS, swapDirection: 'exact-amount-in', ...fields }
}
