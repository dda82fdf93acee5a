/**
 * Calldata of the router transaction (`npm run bench:calldata`): viem's encoders against the hand-written
 * `encodeRouterCalldata`, side by side in one run, on the arguments of real quotes (default fixture: the 1-hop and
 * 3-hop cases of `cases.ts`), then the whole `buildEvmTransaction` as it was before (chain addresses checked on
 * every call, `encodeFunctionData` with the prepared selector) and as it is. Every variant's bytes are checked
 * equal once before timing. Prints a table; the README of `engine/vm/evm/` keeps the last run.
 *
 * Options: `--time 500` (ms per task).
 */
import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { Bench } from 'tinybench'
import {
  type Hex,
  concatHex,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  prepareEncodeFunctionData,
  zeroAddress,
} from 'viem'
import { type QuoteResult, createEngine } from '../engine/index.js'
import { loadSnapshotFile } from '../engine/loader.js'
import { ROUTER_ABI, buildEvmTransaction, encodeChainAddress, stepId } from '../engine/transactions.js'
import { type RouterCalldataParameters, encodeRouterCalldata } from '../engine/vm/evm/routerCalldata.js'
import { type StepExecution, stepExecution } from '../engine/vm/evm/routerParts.js'
import { caseById } from './cases.js'

const { values } = parseArgs({ options: { time: { type: 'string', default: '500' } } })
const engine = createEngine(loadSnapshotFile())
const TX_ID: Hex = `0x${'ab'.repeat(32)}`
const DEADLINE = 1_700_000_000
const PREPARED = prepareEncodeFunctionData({ abi: ROUTER_ABI, functionName: 'swap' })
const SWAP_INPUTS = ROUTER_ABI.find((item) => item.type === 'function' && item.name === 'swap')!.inputs
/** More distinct senders than any cache holds: a new user's address is checked, not looked up. */
const SENDERS = Array.from({ length: 20_000 }, () => getAddress(`0x${randomBytes(20).toString('hex')}`))

// One cursor for every case, so that no sender comes back (in any cache) within a run.
let next = 0
const sender = () => SENDERS[(next = (next + 1) % SENDERS.length)]!
const bench = new Bench({ time: Number(values.time), warmup: true })
for (const id of ['same-chain 1-hop', 'same-chain 3-hop'] as const) {
  const { request } = caseById(id)
  const quote = engine.quote(request)
  const build = (sender: string) =>
    buildEvmTransaction({
      snapshot: engine.snapshot,
      txId: TX_ID,
      quote,
      swapDirection: 'exact-amount-in',
      sender,
      deadline: DEADLINE,
    })
  const data = build(request.sender).data
  const [txId, order, parts, fees] = decodeFunctionData({ abi: ROUTER_ABI, data }).args as unknown as [
    Hex,
    RouterCalldataParameters['order'],
    RouterCalldataParameters['parts'],
    RouterCalldataParameters['fees'],
  ]
  const args = [txId, order, parts, fees] as const
  const variants = {
    'encodeFunctionData by name (ABI lookup, selector hashed)': () =>
      encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swap', args }),
    'encodeFunctionData, prepared selector (before)': () => encodeFunctionData({ ...PREPARED, args }),
    'encodeAbiParameters(inputs) + selector': () =>
      concatHex([PREPARED.functionName, encodeAbiParameters(SWAP_INPUTS, args)]),
    'encodeRouterCalldata (after)': () => encodeRouterCalldata({ txId, order, parts, fees }),
  }
  for (const [name, encode] of Object.entries(variants)) {
    if (encode() !== data) throw new Error(`${name}: calldata differs from the builder's (${id})`)
    bench.add(`calldata: ${name} (${id})`, encode)
  }
  if (buildBefore(quote, request.sender) !== data) throw new Error(`the before builder differs (${id})`)
  bench.add(`build: before, same sender (${id})`, () => buildBefore(quote, request.sender))
  bench.add(`build: after, same sender (${id})`, () => build(request.sender))
  bench.add(`build: before, new sender each call (${id})`, () => buildBefore(quote, sender()))
  bench.add(`build: after, new sender each call (${id})`, () => build(sender()))
}

/**
 * `buildEvmTransaction` of `f2cd982` for a same-chain exact-in route with no fees, its costly parts kept as they
 * were: every chain address encoded (and EIP-55 checked) on each call, then viem's `encodeFunctionData`.
 */
function buildBefore(quote: QuoteResult, sender: string): Hex {
  const vm = 'evm'
  const order = {
    tokenIn: quote.amountIn.address as Hex,
    amountIn: BigInt(quote.amountIn.amount),
    amountInMax: BigInt(quote.amountInMax.amount),
    protocolFee: BigInt(quote.protocolFee.amount),
    dstChainId: BigInt(quote.amountOut.chainId),
    tokenOut: encodeChainAddress(vm, quote.amountOut.address),
    amountOut: BigInt(quote.amountOut.amount),
    amountOutMin: BigInt(quote.amountOutMin.amount),
    recipient: encodeChainAddress(vm, sender),
    refundTo: sender as Hex,
    swapDirection: 0,
    deadline: BigInt(DEADLINE),
  }
  // The step's execution fields (venue, pool, fee: added with the router contract) as the builder derives them.
  const steps = quote.steps.map((step) => ({
    kind: 0,
    ...executionFields(stepExecution(engine.snapshot, step)),
    chainId: BigInt(step.chainId),
    dstChainId: BigInt(step.dstChainId),
    id: stepId(step),
    tokenIn: encodeChainAddress(vm, step.tokenIn),
    tokenOut: encodeChainAddress(vm, step.tokenOut),
    amountIn: BigInt(step.amountIn),
    amountOut: BigInt(step.amountOut),
  }))
  const parts = [{ amountIn: BigInt(quote.steps[0]!.amountIn), amountOut: BigInt(quote.amountOut.amount), steps }]
  return encodeFunctionData({ ...PREPARED, args: [TX_ID, order, parts, []] })
}

function executionFields(execution: StepExecution) {
  return {
    venue: execution.venue,
    pool: 'pool' in execution ? execution.pool : zeroAddress,
    fee: 'fee' in execution ? execution.fee : 0,
  }
}

const loadBefore = loadavg()[0]!.toFixed(2)
await bench.run()
console.log(
  `${new Date().toISOString()}  node ${process.version}  load average ${loadBefore} → ${loadavg()[0]!.toFixed(2)}`,
)
console.log(`${'task'.padEnd(92)}${'median µs'.padStart(11)}${'mean µs'.padStart(10)}${'samples'.padStart(9)}`)
for (const task of bench.tasks) {
  // tinybench reports milliseconds.
  const latency = task.result!.latency
  console.log(
    `${task.name.padEnd(92)}${(latency.p50! * 1000).toFixed(1).padStart(11)}${(latency.mean * 1000).toFixed(1).padStart(10)}${String(latency.samples.length).padStart(9)}`,
  )
}
