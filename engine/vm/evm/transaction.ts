/**
 * The EVM transaction of a quote: a call to the source chain's crossroute router (ABI in `routerAbi.ts`, fields
 * in `README.md` beside it), encoded by `routerCalldata.ts` (byte-identical to viem's `encodeFunctionData`, several
 * times cheaper). Pure: route in, calldata out. Imported through the `transactions` entry only, because viem (still
 * used for hashes and address checks) is slow to import.
 */
import { type Hex, keccak256, stringToHex, zeroAddress, zeroHash } from 'viem'
import type { Chain, Snapshot, Vm } from '../../graph/types.js'
import type { AppFee, AppFeeAmount, QuoteResult, RouteStep, SwapDirection } from '../../quote/types.js'
import { encodeChainAddress } from '../chainAddress.js'
import { evmModule } from '../evm.js'
import { STEP_KIND, SWAP_DIRECTION_CODE } from './routerAbi.js'
import {
  type RouterFee,
  type RouterOrder,
  type RouterPart,
  type RouterStep,
  encodeRouterCalldata,
} from './routerCalldata.js'
import { assertRouterExecutes, quoteParts, stepExecution } from './routerParts.js'

/** The `tx` object of the action response (SPEC §2.4). */
export interface EvmTransaction {
  /** The source chain's router. */
  to: string
  data: Hex
  /** Wei sent with the transaction, decimal string: the input bound for a native source token, else `"0"`. */
  value: string
  chainId: number
}

/** The contract call of an `evm-calldata-tx` action, run by the destination chain's router after the route. */
export interface RouterCall {
  target: string
  data: Hex
  /** Native wei forwarded with the call. */
  value: bigint
  /** Approved for `erc20Amount` of the destination token before the call. */
  erc20Spender: string
  erc20Amount: bigint
}

/** What `buildEvmTransaction` needs. */
export interface BuildEvmTransactionParameters {
  snapshot: Snapshot
  /** 32-byte hex: the quote's `txId`, passed on-chain so the router's events can be matched to the store. */
  txId: Hex
  quote: QuoteResult
  swapDirection: SwapDirection
  sender: string
  /** Receiver on the destination chain; default `sender`. */
  recipient?: string | undefined
  /** Refund receiver on the source chain; default `sender`. */
  refundTo?: string | undefined
  /**
   * @deprecated The quote carries its application fees and their amounts (`quote.appFees`), which the builder
   * uses. When given, this must list the same fees (receiver and bps, in order); a mismatch throws.
   */
  appFees?: readonly AppFee[] | undefined
  /** Unix seconds after which the router refuses the order. */
  deadline: number
  /** Present for `evm-calldata-tx`: the call becomes `swapAndCall`. */
  call?: RouterCall | undefined
}

/** `stepId` by pool or lane id: bounded by the snapshot's pools and lanes; keccak costs ~0.1 ms each. */
const stepIds = new Map<string, Hex>()
/**
 * Chain-address bytes by VM and address: a checksummed EVM address costs ~25 µs to check (a keccak), and a route
 * names the same snapshot tokens again and again. Recipients are not bounded, so the map is emptied when full.
 */
const chainAddressBytes = new Map<string, Hex>()
const CHAIN_ADDRESS_CACHE_SIZE = 8192

/**
 * Builds the router transaction of a quote: `swap(txId, order, parts, fees)`, or `swapAndCall(…, call)` when a
 * call is given. The quote's figures go into the calldata unchanged.
 *
 * @param parameters - see `BuildEvmTransactionParameters`.
 * @returns `{to, data, value, chainId}` for the action response.
 * @throws RouteNotExecutableError when the source chain's router (unless it is the fixture's placeholder) cannot
 *   run a step of the route: a bridge hop, or a pool that is not a Uniswap V2 pair or V3 pool with an address.
 * @throws Error when the source chain is not an EVM chain, or the quote's fees are inconsistent (amounts that do
 *   not sum to `applicationFee`, or `appFees` given and not the quote's): a bug, not user input.
 *
 * @example
 * const tx = buildEvmTransaction({ snapshot: engine.snapshot, txId, quote, swapDirection: 'exact-amount-in',
 *   sender, deadline: now + 1800 })
 */
export function buildEvmTransaction(parameters: BuildEvmTransactionParameters): EvmTransaction {
  const { srcChain, data } = encodeRouterCall(parameters, evmModule.vm, (address) => address as Hex)
  assertRouterExecutes(parameters.snapshot, srcChain, parameters.quote)
  return {
    to: srcChain.routerAddress,
    data,
    value: routerCallValue(parameters.quote),
    chainId: srcChain.chainId,
  }
}

/**
 * The router call of a quote for a source chain of `srcVm` whose router runs the EVM ABI (EVM chains, and Tron's
 * TVM, which shares it): the order, steps and fees of the quote, unchanged, with the source chain's own addresses
 * (`tokenIn`, `refundTo`, fee receivers: the ABI's `address` fields) mapped to 20-byte hex by `abiAddress`.
 *
 * @param parameters - see `BuildEvmTransactionParameters`.
 * @param srcVm - the VM the source chain must have.
 * @param abiAddress - a valid source-chain address as the 20-byte `0x` hex the ABI's `address` type takes.
 * @returns the source chain and the calldata.
 * @throws Error when the source chain is not of `srcVm`, or the quote's fees are inconsistent (a bug).
 *
 * @example
 * const { data } = encodeRouterCall(parameters, 'tron', tronAbiAddress)
 */
export function encodeRouterCall(
  parameters: BuildEvmTransactionParameters,
  srcVm: Vm,
  abiAddress: (address: string) => Hex,
): { srcChain: Chain; data: Hex } {
  const { snapshot, quote, sender } = parameters
  const srcChain = snapshot.chains.get(quote.amountIn.chainId)
  const dstChain = snapshot.chains.get(quote.amountOut.chainId)
  if (srcChain?.vm !== srcVm || dstChain === undefined) {
    throw new Error(`router calls of the ${srcVm} VM need a ${srcVm} source chain, got chain ${quote.amountIn.chainId}`)
  }
  const order: RouterOrder = {
    tokenIn: abiAddress(quote.amountIn.address),
    amountIn: BigInt(quote.amountIn.amount),
    amountInMax: BigInt(quote.amountInMax.amount),
    protocolFee: BigInt(quote.protocolFee.amount),
    dstChainId: BigInt(dstChain.chainId),
    tokenOut: cachedChainAddress(dstChain.vm, quote.amountOut.address),
    amountOut: BigInt(quote.amountOut.amount),
    amountOutMin: BigInt(quote.amountOutMin.amount),
    recipient: cachedChainAddress(dstChain.vm, parameters.recipient || sender),
    refundTo: abiAddress(parameters.refundTo || sender),
    swapDirection: SWAP_DIRECTION_CODE[parameters.swapDirection],
    deadline: BigInt(parameters.deadline),
  }
  const parts: RouterPart[] = quoteParts(quote).map((part) => ({
    amountIn: part.amountIn,
    amountOut: part.amountOut,
    steps: part.steps.map((step) => encodeStep(snapshot, step)),
  }))
  const fees = routerFees(quote, parameters.appFees).map((fee) => ({ ...fee, receiver: abiAddress(fee.receiver) }))
  const call = parameters.call && {
    ...parameters.call,
    target: parameters.call.target as Hex,
    erc20Spender: parameters.call.erc20Spender as Hex,
  }
  return { srcChain, data: encodeRouterCalldata({ txId: parameters.txId, order, parts, fees, call }) }
}

/**
 * The native amount sent with the router call, decimal: the input bound (`amountInMax`: `amountIn` for exact-in)
 * when the source token is the chain's native coin, else `"0"` (tokens are pulled with `transferFrom`).
 *
 * @example routerCallValue(quote) // '1000000' for 1 TRX in, '0' for USDT in
 */
export function routerCallValue(quote: QuoteResult): string {
  return quote.amountIn.isNative ? quote.amountInMax.amount : '0'
}

/**
 * The `Step.id` of a route step: keccak256 of the UTF-8 pool or lane id of the snapshot (the router resolves it
 * through its adapter registry), zero for wrap and unwrap hops.
 *
 * @example
 * stepId({ ...step, id: 'cctp-base-eth-usdc' }) // keccak256(stringToHex('cctp-base-eth-usdc'))
 */
export function stepId(step: Pick<RouteStep, 'id'>): Hex {
  if (step.id === undefined) return zeroHash
  let id = stepIds.get(step.id)
  if (id === undefined) {
    id = keccak256(stringToHex(step.id))
    stepIds.set(step.id, id)
  }
  return id
}

function encodeStep(snapshot: Snapshot, step: RouteStep): RouterStep {
  const vmOf = (chainId: number) => {
    const chain = snapshot.chains.get(chainId)
    if (chain === undefined) throw new Error(`route step on unknown chain ${chainId}`)
    return chain.vm
  }
  const execution = stepExecution(snapshot, step)
  return {
    kind: STEP_KIND[step.type],
    venue: execution.venue,
    chainId: BigInt(step.chainId),
    dstChainId: BigInt(step.dstChainId),
    id: stepId(step),
    pool: 'pool' in execution ? execution.pool : zeroAddress,
    fee: 'fee' in execution ? execution.fee : 0,
    tokenIn: cachedChainAddress(vmOf(step.chainId), step.tokenIn),
    tokenOut: cachedChainAddress(vmOf(step.dstChainId), step.tokenOut),
    amountIn: BigInt(step.amountIn),
    amountOut: BigInt(step.amountOut),
  }
}

function cachedChainAddress(vm: Vm, address: string): Hex {
  const key = `${vm}:${address}`
  let bytes = chainAddressBytes.get(key)
  if (bytes === undefined) {
    bytes = encodeChainAddress(vm, address)
    if (chainAddressBytes.size >= CHAIN_ADDRESS_CACHE_SIZE) chainAddressBytes.clear()
    chainAddressBytes.set(key, bytes)
  }
  return bytes
}

/**
 * The router's `Fee[]`: the quote's application fees, receiver and amount as quoted (each rounded up on its own
 * by the engine), in request order. Checked, not recomputed: the amounts must sum to the quote's
 * `applicationFee`, and fees given by the caller must be the quote's, so that the calldata and the response can
 * never disagree.
 */
function routerFees(quote: QuoteResult, given: readonly AppFee[] | undefined) {
  const quoted: readonly AppFeeAmount[] = quote.appFees
  if (given !== undefined && !sameFees(given, quoted)) {
    throw new Error(`appFees ${JSON.stringify(given)} are not the fees the quote was made with`)
  }
  const fees: RouterFee[] = quoted.map((fee) => ({
    receiver: fee.receiverAddress as Hex,
    amount: BigInt(fee.amount.amount),
  }))
  const total = fees.reduce((sum, fee) => sum + fee.amount, 0n)
  if (total !== BigInt(quote.applicationFee.amount)) {
    throw new Error(`application fees sum to ${total}, the quote says ${quote.applicationFee.amount}`)
  }
  return fees
}

function sameFees(given: readonly AppFee[], quoted: readonly AppFeeAmount[]): boolean {
  return (
    given.length === quoted.length &&
    given.every(
      (fee, index) => fee.bps === quoted[index]!.bps && fee.receiverAddress === quoted[index]!.receiverAddress,
    )
  )
}
