/**
 * The calibration of the engine's gas model against executed router transactions — the one table of it
 * (README "Gas: networkFee against executed transactions").
 *
 * The engine prices a route's source transaction as `swapGasUnits` × (1 + `FURTHER_ACTION_PERMILLE` ‰ per pool after
 * the first), and a split as one such call over all its parts' pools (engine/routing/networkCost.ts,
 * engine/quote/splitQuote.ts); wraps, unwraps, fee transfers and a `swapAndCall`'s call are not terms of it.
 * `MEASURED_ROUTER_GAS` is what each kind of quote used when executed through the router on the local chain
 * (test/localnet/execute.service.test.ts measures them in this order, on the chain `npm run localnet` deploys, and
 * fails when one drifts by more than 3 % from this table: re-measure and update it then). The two constants of the
 * model are fitted here: the engine's `FURTHER_ACTION_PERMILLE` must equal `fitFurtherActionPermille()` (the test
 * checks it), and the local chain's `swapGasUnits` is `CALIBRATED_SWAP_GAS_UNITS`.
 */
import { FURTHER_ACTION_PERMILLE } from '../engine/routing/networkCost.js'

/** One executed kind of quote: the pools its call runs (the model's only variable) and the gas it used. */
export interface MeasuredRouterGas {
  readonly kind: string
  readonly pools: number
  readonly gasUsed: number
}

/**
 * Gas used per kind, router of engine/vm/evm/router/ (solc 0.8.26, its optimizer settings), Hardhat's EVM, each
 * transaction in a block of its own second (every V3 swap writes its oracle observation).
 */
export const MEASURED_ROUTER_GAS: readonly MeasuredRouterGas[] = [
  // 1 V3 pool, protocol fee + 2 app fees paid to accounts that held none (3 cold transfers), fresh recipient.
  { kind: 'exact-in, 1 pool, 2 app fees', pools: 1, gasUsed: 242_466 },
  // 1 V3 pool, amountInMax pulled, unused input refunded, protocol fee + 1 app fee.
  { kind: 'exact-out, 1 pool', pools: 1, gasUsed: 201_480 },
  { kind: 'native in (wrap + 1 pool)', pools: 1, gasUsed: 195_375 },
  { kind: 'native out (1 pool + unwrap)', pools: 1, gasUsed: 222_664 },
  // DAI → WETH (V2 pair) → USDC (V3 pool).
  { kind: 'multi-hop, 2 pools', pools: 2, gasUsed: 280_909 },
  // swapAndCall: 1 V3 pool, then approve / call / reset to the target.
  { kind: 'evm-calldata-tx (1 pool + call)', pools: 1, gasUsed: 230_644 },
  // 3M USDC → WETH over the V2 pair and both V3 pools, one call.
  { kind: 'split, 3 parts', pools: 3, gasUsed: 348_463 },
]

/** The model's gas for a call running `pools` pools, in units of `swapGasUnits`. */
export function modelFactor(pools: number): number {
  return 1 + ((pools - 1) * Number(FURTHER_ACTION_PERMILLE)) / 1000
}

/**
 * What a further pool adds, in thousandths of a one-pool call: the mean over the multi-pool kinds of
 * (gas ÷ the one-pool kinds' mean − 1) ÷ (pools − 1), rounded to 10 ‰.
 *
 * @example fitFurtherActionPermille() // 290
 */
export function fitFurtherActionPermille(table: readonly MeasuredRouterGas[] = MEASURED_ROUTER_GAS): number {
  const single = table.filter((row) => row.pools === 1)
  const base = single.reduce((sum, row) => sum + row.gasUsed, 0) / single.length
  const further = table.filter((row) => row.pools > 1).map((row) => (row.gasUsed / base - 1) / (row.pools - 1))
  return Math.round((further.reduce((sum, share) => sum + share, 0) / further.length) * 100) * 10
}

/**
 * The `swapGasUnits` that balances the model's worst over- and under-estimate over `MEASURED_ROUTER_GAS`, rounded to
 * a thousand: 219 000 (the worst kinds are then 10.7 % above and 10.8 % below).
 */
export const CALIBRATED_SWAP_GAS_UNITS = calibrate(MEASURED_ROUTER_GAS)

function calibrate(table: readonly MeasuredRouterGas[]): number {
  const perUnit = table.map((row) => row.gasUsed / modelFactor(row.pools))
  return Math.round((Math.min(...perUnit) + Math.max(...perUnit)) / 2 / 1000) * 1000
}
