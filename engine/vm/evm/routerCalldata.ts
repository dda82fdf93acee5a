/**
 * The router's calldata (`swap` / `swapAndCall` of `routerAbi.ts`), ABI-encoded by hand for this one fixed shape:
 * hex words joined once instead of viem's generic walk over the ABI (`encodeFunctionData` costs 60–120 µs per
 * route here, this ~10 µs). `test/engine/vm/evm/routerCalldata.test.ts` checks it byte for byte against viem's
 * `encodeFunctionData` on generated routes; change both together with the ABI.
 */
import { type Hex, isAddress, prepareEncodeFunctionData } from 'viem'
import { ROUTER_ABI } from './routerAbi.js'

/** `Order` of the router ABI, as `encodeFunctionData` takes it. */
export interface RouterOrder {
  tokenIn: Hex
  amountIn: bigint
  amountInMax: bigint
  protocolFee: bigint
  dstChainId: bigint
  tokenOut: Hex
  amountOut: bigint
  amountOutMin: bigint
  recipient: Hex
  refundTo: Hex
  swapDirection: number
  deadline: bigint
}

/** `Step` of the router ABI. */
export interface RouterStep {
  kind: number
  /** `STEP_VENUE`: how the router executes a swap step (0 for other steps). */
  venue: number
  chainId: bigint
  dstChainId: bigint
  id: Hex
  /** The pool contract of a swap step the router executes; the zero address otherwise. */
  pool: Hex
  /** Uniswap V3 fee tier (pips) of a V3 step, which the router checks the pool against; 0 otherwise. */
  fee: number
  tokenIn: Hex
  tokenOut: Hex
  amountIn: bigint
  amountOut: bigint
}

/** `Part` of the router ABI: one route of a split (a single route is one part). */
export interface RouterPart {
  /** Exact-in: the input this part swaps. Exact-out: the quoted figure (the router computes what it needs). */
  amountIn: bigint
  /** Exact-out: the output this part must deliver. Exact-in: the quoted figure. */
  amountOut: bigint
  steps: readonly RouterStep[]
}

/** `Fee` of the router ABI. */
export interface RouterFee {
  receiver: Hex
  amount: bigint
}

/** `Call` of the router ABI. */
export interface RouterCallArgument {
  target: Hex
  data: Hex
  value: bigint
  erc20Spender: Hex
  erc20Amount: bigint
}

/** The arguments of `swap`, and of `swapAndCall` when `call` is present. */
export interface RouterCalldataParameters {
  txId: Hex
  order: RouterOrder
  parts: readonly RouterPart[]
  fees: readonly RouterFee[]
  call?: RouterCallArgument | undefined
}

// Selectors from the ABI itself (once per process), so they cannot drift from `routerAbi.ts`.
const SWAP_SELECTOR = prepareEncodeFunctionData({ abi: ROUTER_ABI, functionName: 'swap' }).functionName
const SWAP_AND_CALL_SELECTOR = prepareEncodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapAndCall' }).functionName
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/
const ZERO_WORD = '0'.repeat(64)

/**
 * `swap(txId, order, parts, fees)`, or `swapAndCall(…, call)` when `call` is given, as calldata: the same bytes as
 * viem's `encodeFunctionData({ abi: ROUTER_ABI, … })`. Refuses what viem refuses (addresses that are not EIP-55
 * valid, integers out of their type's range, a `bytes32` of another size) and odd-length hex, which viem pads.
 *
 * @throws Error naming the field for a value its ABI type cannot hold.
 * @example
 * encodeRouterCalldata({ txId, order, steps, fees }) // '0x…' (selector of swap, then the arguments)
 */
export function encodeRouterCalldata(parameters: RouterCalldataParameters): Hex {
  const { txId, order, fees, call } = parameters
  const parts: Part[] = [
    bytes32(txId, 'txId'),
    { tail: encodeOrder(order) },
    { tail: dynamicArray(parameters.parts.map((part) => encodeRoutePart(part))) },
    { tail: word(fees.length) + fees.map((fee) => address(fee.receiver, 'fee') + uint(fee.amount, 256)).join('') },
  ]
  if (call === undefined) return `${SWAP_SELECTOR}${tuple(parts)}`
  parts.push({ tail: encodeCall(call) })
  return `${SWAP_AND_CALL_SELECTOR}${tuple(parts)}`
}

/** A head part: a static value's words, or a dynamic value encoded after the heads and pointed to by an offset. */
type Part = string | { tail: string }

/** The ABI's tuple layout: heads in order (offsets for dynamic parts, in bytes from the tuple's start), then tails. */
function tuple(parts: readonly Part[]): string {
  let offset = 0
  for (const part of parts) offset += typeof part === 'string' ? part.length / 2 : 32
  let heads = ''
  let tails = ''
  for (const part of parts) {
    if (typeof part === 'string') heads += part
    else {
      heads += word(offset)
      tails += part.tail
      offset += part.tail.length / 2
    }
  }
  return heads + tails
}

function dynamicArray(elements: readonly string[]): string {
  return word(elements.length) + tuple(elements.map((tail) => ({ tail })))
}

function encodeOrder(order: RouterOrder): string {
  return tuple([
    address(order.tokenIn, 'order.tokenIn'),
    uint(order.amountIn, 256),
    uint(order.amountInMax, 256),
    uint(order.protocolFee, 256),
    uint(order.dstChainId, 64),
    { tail: bytes(order.tokenOut, 'order.tokenOut') },
    uint(order.amountOut, 256),
    uint(order.amountOutMin, 256),
    { tail: bytes(order.recipient, 'order.recipient') },
    address(order.refundTo, 'order.refundTo'),
    uint(order.swapDirection, 8),
    uint(order.deadline, 64),
  ])
}

function encodeRoutePart(part: RouterPart): string {
  return tuple([
    uint(part.amountIn, 256),
    uint(part.amountOut, 256),
    { tail: dynamicArray(part.steps.map((step) => encodeStep(step))) },
  ])
}

function encodeStep(step: RouterStep): string {
  return tuple([
    uint(step.kind, 8),
    uint(step.venue, 8),
    uint(step.chainId, 64),
    uint(step.dstChainId, 64),
    bytes32(step.id, 'step.id'),
    address(step.pool, 'step.pool'),
    uint(step.fee, 24),
    { tail: bytes(step.tokenIn, 'step.tokenIn') },
    { tail: bytes(step.tokenOut, 'step.tokenOut') },
    uint(step.amountIn, 256),
    uint(step.amountOut, 256),
  ])
}

function encodeCall(call: RouterCallArgument): string {
  return tuple([
    address(call.target, 'call.target'),
    { tail: bytes(call.data, 'call.data') },
    uint(call.value, 256),
    address(call.erc20Spender, 'call.erc20Spender'),
    uint(call.erc20Amount, 256),
  ])
}

/** A non-negative integer below 2^53 (lengths, offsets) as one word. */
function word(value: number): string {
  return value.toString(16).padStart(64, '0')
}

function uint(value: bigint | number, bits: 8 | 24 | 64 | 256): string {
  const big = BigInt(value)
  if (big < 0n || big >> BigInt(bits) !== 0n) throw new Error(`${value} does not fit uint${bits}`)
  return big.toString(16).padStart(64, '0')
}

/** viem's `isAddress` (EIP-55 checksum for mixed case, cached by viem), then lower case, left-padded. */
function address(value: Hex, field: string): string {
  if (!isAddress(value)) throw new Error(`${field} is not an address: ${value}`)
  return value.slice(2).toLowerCase().padStart(64, '0')
}

/** `bytes32`: exactly 32 bytes, the hex digits as given (viem keeps their case too). */
function bytes32(value: Hex, field: string): string {
  if (value.length !== 66 || !HEX_BYTES.test(value)) throw new Error(`${field} is not 32 bytes: ${value}`)
  return value.slice(2)
}

/** Dynamic `bytes`: length word, then the bytes right-padded to whole words. */
function bytes(value: Hex, field: string): string {
  if (!HEX_BYTES.test(value)) throw new Error(`${field} is not whole hex bytes: ${value.slice(0, 20)}`)
  const digits = value.slice(2)
  const padding = (64 - (digits.length % 64)) % 64
  return word(digits.length / 2) + digits + ZERO_WORD.slice(0, padding)
}
