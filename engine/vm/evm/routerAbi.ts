/**
 * The crossroute router's ABI: the entry points the service's EVM transactions call. `README.md` beside it
 * documents every function and field; this file and that table must change together.
 */
import { parseAbi } from 'viem'

/**
 * The router ABI in viem's form (parsed from human-readable Solidity signatures, so the source reads like the
 * contract's interface).
 *
 * @example
 * encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swap', args: [txId, order, parts, fees] })
 */
export const ROUTER_ABI = parseAbi([
  'struct Order { address tokenIn; uint256 amountIn; uint256 amountInMax; uint256 protocolFee; uint64 dstChainId; bytes tokenOut; uint256 amountOut; uint256 amountOutMin; bytes recipient; address refundTo; uint8 swapDirection; uint64 deadline; }',
  'struct Step { uint8 kind; uint8 venue; uint64 chainId; uint64 dstChainId; bytes32 id; address pool; uint24 fee; bytes tokenIn; bytes tokenOut; uint256 amountIn; uint256 amountOut; }',
  'struct Part { uint256 amountIn; uint256 amountOut; Step[] steps; }',
  'struct Fee { address receiver; uint256 amount; }',
  'struct Call { address target; bytes data; uint256 value; address erc20Spender; uint256 erc20Amount; }',
  'function swap(bytes32 txId, Order order, Part[] parts, Fee[] fees) payable',
  'function swapAndCall(bytes32 txId, Order order, Part[] parts, Fee[] fees, Call call) payable',
  'event Routed(bytes32 indexed txId, address indexed sender, address tokenIn, uint256 amountIn, uint64 dstChainId)',
  'event Delivered(bytes32 indexed txId, bytes tokenOut, uint256 amountOut, bytes recipient)',
  // Why a router call reverts (the tracker decodes them into `revertReason`).
  'error CrossChainNotSupported(uint64 dstChainId)',
  'error DeadlinePassed(uint64 deadline, uint256 timestamp)',
  'error ExcessiveInput(uint256 needed, uint256 available)',
  'error ForbiddenCall(address target)',
  'error InsufficientOutput(uint256 amountOut, uint256 amountOutMin)',
  'error InvalidOrder()',
  'error InvalidRoute(uint256 part, uint256 step)',
  'error NotPool(address caller)',
  'error PartialFill(address pool)',
  'error Reentrancy()',
  'error TransferFailed(address token, address to, uint256 amount)',
  'error Unauthorized()',
  'error UnknownPool(address pool)',
  'error UnsupportedStep(uint256 part, uint256 step)',
  'error WrongValue(uint256 expected, uint256 sent)',
  'error ZeroOwner()',
])

/** `Step.kind` codes. */
export const STEP_KIND = Object.freeze({ swap: 0, bridge: 1, wrap: 2, unwrap: 3 } as const)

/**
 * `Step.venue` codes: how the router executes a swap step. `none` for every other step, and for pools the router
 * cannot execute (the builder refuses those where the router is real: `RouteNotExecutableError`).
 */
export const STEP_VENUE = Object.freeze({ none: 0, uniswapV2: 1, uniswapV3: 2 } as const)

/** `Order.swapDirection` codes. */
export const SWAP_DIRECTION_CODE = Object.freeze({ 'exact-amount-in': 0, 'exact-amount-out': 1 } as const)
