/**
 * Who pays for a lane's delivery on the destination chain. Relayer and solver bridges (Across, Relay, deBridge),
 * THORChain's outbound fee and the LayerZero OFT messaging fee are modelled as the lane's flat fee (see
 * `fixtures/default/lanes.ts`): their delivery is already in the quote. The others need transactions on the
 * destination chain that no lane fee pays for, and the network cost of a route counts them (`routing/networkCost.ts`).
 */
import type { BridgeId, BridgeLane } from '../graph/types.js'

/** Chain id of Ethereum mainnet: the L1 of the OP Standard Bridge lanes. */
const OP_STANDARD_BRIDGE_L1 = 1

/**
 * Transactions per bridge on the destination chain that the lane's fees do not pay for:
 * - `cctp`: one `receiveMessage` (the mint) on the destination, sent by the user or a forwarder;
 * - `stargate`: the LayerZero executor's delivery, paid in the source chain's gas token on top of the lane's fee;
 * - `optimism`: deposits into the L2 are relayed by the L2 itself (their gas is bought by the L1 transaction); a
 *   withdrawal to the L1 needs two L1 transactions (prove, then finalise after the challenge period).
 */
const UNPAID_DELIVERY: { readonly [K in BridgeId]: (lane: BridgeLane) => number } = {
  cctp: () => 1,
  stargate: () => 1,
  optimism: (lane) => (lane.dstChainId === OP_STANDARD_BRIDGE_L1 ? 2 : 0),
  across: () => 0,
  relay: () => 0,
  debridge: () => 0,
  thorchain: () => 0,
  layerZero: () => 0,
}

/**
 * Transactions a lane's delivery needs on its destination chain that its fees do not already pay for.
 *
 * @param lane - a loaded lane.
 * @returns 0 when the lane's fees include the delivery; else the number of destination transactions.
 *
 * @example
 * unpaidDeliveryTransactions(cctpBaseToOp) // 1 (the mint on OP)
 * unpaidDeliveryTransactions(acrossBaseToOp) // 0 (the relayer's gas is in the flat fee)
 */
export function unpaidDeliveryTransactions(lane: BridgeLane): number {
  return UNPAID_DELIVERY[lane.bridgeId](lane)
}
