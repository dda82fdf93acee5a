/**
 * The calibration of the engine's gas model against executed router transactions — the one table of it
 * (README "Gas: networkFee against executed transactions").
 *
 * The engine prices a route's source transaction as `swapGasUnits` × (1 + ½ per pool after the first)
 * (engine/routing/networkCost.ts); wraps, unwraps, fee transfers and a `swapAndCall`'s call are not terms of it.
 * `MEASURED_ROUTER_GAS` is what each kind of quote used when executed through the router on the local chain
 * (test/localnet/execute.service.test.ts measures them in this order, on the chain `npm run localnet` deploys, and
 * fails when one drifts by more than 3 % from this table: re-measure and update it then). `swapGasUnits` is chosen
 * so that every kind is within ±15 % of the model: the value that balances the worst over- and under-estimate.
 */

/** One executed kind of quote: the route's pools (the model's only variable) and the gas its transaction used. */
export interface MeasuredRouterGas {
  readonly kind: string
  readonly pools: number
  readonly gasUsed: number
  /**
   * A split: its `networkFee` is the sum of its parts' full route costs (README "Splits"), not one router call, so
   * it is an upper bound rather than an estimate; not part of the fit, and checked as a bound.
   */
  readonly split?: true
}

/** Gas used per kind, router of engine/vm/evm/router/ (solc 0.8.26, its optimizer settings), Hardhat's EVM. */
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
  // 3M USDC → WETH over the V2 pair and both V3 pools in one call: 3 × 215 000 quoted, 54 % of it used.
  { kind: 'split, 3 parts', pools: 3, gasUsed: 348_463, split: true },
]

/** The model's gas for a route with `pools` pools on one chain, in units of `swapGasUnits`. */
export function modelFactor(pools: number): number {
  return 1 + (pools - 1) / 2
}

/**
 * The `swapGasUnits` that balances the model's worst over- and under-estimate over `MEASURED_ROUTER_GAS`, rounded to
 * a thousand: 215 000 (the worst kinds are then 12.8 % above and 12.9 % below).
 */
export const CALIBRATED_SWAP_GAS_UNITS = calibrate(MEASURED_ROUTER_GAS)

function calibrate(table: readonly MeasuredRouterGas[]): number {
  const perUnit = table.filter((row) => row.split !== true).map((row) => row.gasUsed / modelFactor(row.pools))
  return Math.round((Math.min(...perUnit) + Math.max(...perUnit)) / 2 / 1000) * 1000
}
