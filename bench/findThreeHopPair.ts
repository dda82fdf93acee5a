/**
 * Set-up script behind the `same-chain 3-hop` case (`bench/cases.ts`): scans every same-chain pair of the default
 * fixture, quotes $1,000 worth of the source token, and lists the pairs whose best route uses exactly 3 pools and no
 * lane. The case is the first of them in snapshot token order (chains as listed, tokens as listed).
 *
 * Run: `npx tsx bench/findThreeHopPair.ts` — prints the list and the choice; re-run when the default fixture changes.
 */
import { createEngine, loadSnapshot } from '../engine/index.js'
import { SENDER, SLIPPAGE_BPS, summarizeRoute } from './cases.js'

const USD_AMOUNT = 1_000n

const snapshot = loadSnapshot()
const engine = createEngine(snapshot)
const tokens = [...snapshot.tokens.values()]
const found: string[] = []
for (const src of tokens) {
  for (const dst of tokens) {
    if (src === dst || src.chainId !== dst.chainId) continue
    if (snapshot.chains.get(src.chainId)!.vm !== 'evm') continue // the sender is an EVM address
    const amount = usdWorth(src.usdPrice, src.decimals)
    let route
    try {
      route = summarizeRoute(engine.quote({ sender: SENDER, srcChainId: src.chainId, srcToken: src.address, dstChainId: dst.chainId, dstToken: dst.address, amount, slippage: SLIPPAGE_BPS }))
    } catch {
      continue // no route, or an amount the pair cannot carry
    }
    if (route.pools === 3 && route.lanes === 0) found.push(`${src.chainId} ${src.symbol} ${src.address} → ${dst.symbol} ${dst.address}, ${amount}: ${route.path}`)
  }
}
console.log(`${found.length} same-chain pairs route through exactly 3 pools for $${USD_AMOUNT}:`)
for (const line of found) console.log(`  ${line}`)
console.log(found.length > 0 ? `chosen: ${found[0]}` : 'none found')

/** `USD_AMOUNT` dollars of a token, in its smallest units, at the snapshot price (a decimal string). */
function usdWorth(usdPrice: string, decimals: number): string {
  const [whole, fraction = ''] = usdPrice.split('.')
  const priceScaled = BigInt(whole! + fraction) // price × 10^fraction.length
  return String((USD_AMOUNT * 10n ** BigInt(decimals + fraction.length)) / priceScaled)
}
