/**
 * A short engine demo: loads the default snapshot and prints a same-chain and a cross-chain quote.
 * Run with `npm run demo`.
 */
import { createEngine } from '../engine/index.js'
import { loadSnapshotFile } from '../engine/loader.js'

const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const engine = createEngine(loadSnapshotFile(), { protocolFeeBps: 5 })

const examples = [
  {
    title: '1,000 USDC → WETH on Arbitrum',
    request: {
      srcChainId: 42161,
      srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      dstChainId: 42161,
      dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
      amount: '1000000000',
    },
  },
  {
    title: '250 USDC on Base → USDT on OP',
    request: {
      srcChainId: 8453,
      srcToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      dstChainId: 10,
      dstToken: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
      amount: '250000000',
    },
  },
]

for (const { title, request } of examples) {
  const started = process.hrtime.bigint()
  const quote = engine.quote({ ...request, sender: SENDER, swapDirection: 'exact-amount-in', slippage: 50 })
  const micros = Number(process.hrtime.bigint() - started) / 1000
  console.log(`\n${title}  (quoted in ${micros.toFixed(0)} µs, first call of the pair)`)
  console.log(`  in      ${quote.amountIn.amount} ${quote.amountIn.symbol} ($${quote.amountIn.usdAmount})`)
  console.log(
    `  out     ${quote.amountOut.amount} ${quote.amountOut.symbol} ($${quote.amountOut.usdAmount}), min ${quote.amountOutMin.amount}`,
  )
  console.log(
    `  fees    protocol ${quote.protocolFee.amount}, bridge ${quote.bridgeFee.amount} ${quote.bridgeFee.symbol}`,
  )
  console.log(`  rate    ${quote.exchangeRate}, impact ${quote.estimatedPriceImpact}%, ~${quote.estimatedTxTime} s`)
  console.log(
    `  route   ${quote.steps.map((step) => `${step.protocol}(${step.chainId}${step.dstChainId === step.chainId ? '' : '→' + step.dstChainId})`).join(' → ')}`,
  )
  console.log(
    `  routes  ${quote.allRoutes.length} (best first: ${quote.allRoutes.map((route) => route.amountOut.amount).join(', ')})`,
  )
}
