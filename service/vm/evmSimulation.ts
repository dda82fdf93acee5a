/**
 * `simulate=true` on `getAction` (README "Simulation"): the quote's EVM transaction run on its source chain's node
 * (`RPC_URLS`) with `eth_call` and `eth_estimateGas` from the sender, on the chain's current state (and the
 * sender's native balance read beside them, since nodes differ on whether `eth_call` checks `value`), before the
 * service answers. A revert becomes `SIMULATION_REVERTED` with the decoded reason; a node that does not answer
 * within `SIMULATION_TIMEOUT_MS` becomes 503, so a slow RPC bounds the request instead of hanging it.
 */
import {
  type Address,
  type Hex,
  type PublicClient,
  BaseError as ViemError,
  HttpRequestError,
  TimeoutError,
  createPublicClient,
  http,
} from 'viem'
import type { ServiceConfig } from '../config.js'
import { ServiceUnavailableError, SimulationRevertedError } from '../errors.js'
import { decodeRevert } from '../tracker/evmRpcObserver.js'

/** How long one simulation waits for the node (its requests run at once) before answering 503. */
export const SIMULATION_TIMEOUT_MS = 5_000

/** The EVM transaction to simulate: the action's `tx` fields the node needs, and who sends it. */
export interface SimulatedTransaction {
  readonly chainId: number
  readonly from: string
  readonly to: string
  readonly data: string
  /** Wei, decimal (the `tx.value` of the answer). */
  readonly value: string
}

/** Simulates the transactions of the chains that have an RPC. */
export interface EvmSimulator {
  /** Whether `RPC_URLS` names the chain (else `simulate=true` is refused with `INVALID_PARAMETER`). */
  readonly hasRpc: (chainId: number) => boolean
  /**
   * Runs the transaction with `eth_call` and `eth_estimateGas` on the latest block, and checks the sender's
   * native balance covers `value` (all three requests at once).
   *
   * @returns the gas `eth_estimateGas` answers.
   * @throws SimulationRevertedError when the node says the transaction reverts; ServiceUnavailableError when the
   *   node does not answer (timeout, connection refused) within `SIMULATION_TIMEOUT_MS`.
   */
  readonly simulate: (tx: SimulatedTransaction) => Promise<bigint>
}

/**
 * The simulator of a configuration: one viem client per `RPC_URLS` entry (HTTP, `SIMULATION_TIMEOUT_MS`, no
 * retry), created once per worker.
 *
 * @example
 * const simulator = createEvmSimulator(config)
 * if (simulator.hasRpc(31337)) await simulator.simulate({ chainId: 31337, from, to, data, value: '0' })
 */
export function createEvmSimulator(
  config: Pick<ServiceConfig, 'rpcUrls'>,
  timeoutMs = SIMULATION_TIMEOUT_MS,
): EvmSimulator {
  const clients = new Map<number, PublicClient>()
  for (const { chainId, url } of config.rpcUrls) {
    // No retry: a second attempt would double the time a request can wait.
    clients.set(chainId, createPublicClient({ transport: http(url, { timeout: timeoutMs, retryCount: 0 }) }))
  }
  return {
    hasRpc: (chainId) => clients.has(chainId),
    simulate: async (tx) => {
      const client = clients.get(tx.chainId)
      if (client === undefined) throw new Error(`no RPC for chain ${tx.chainId}`)
      const call = {
        account: tx.from as Address,
        to: tx.to as Address,
        data: tx.data as Hex,
        value: BigInt(tx.value),
      }
      let answers: [bigint, unknown, bigint]
      try {
        answers = await Promise.all([
          client.getBalance({ address: call.account }),
          client.call(call),
          client.estimateGas(call),
        ])
      } catch (error) {
        throw simulationError(tx.chainId, error)
      }
      const [balance, , gas] = answers
      // Checked here, not left to the node: some nodes (Hardhat) run eth_call with a value the sender lacks.
      if (balance < call.value) {
        throw new SimulationRevertedError({
          chainId: tx.chainId,
          reason: `insufficient native balance: ${call.account} holds ${balance} wei, the transaction sends ${call.value}`,
        })
      }
      return gas
    },
  }
}

/** A transport failure (the node did not answer) is 503; anything the node answered is the transaction's failure. */
function simulationError(chainId: number, error: unknown): Error {
  const isTransport =
    error instanceof ViemError &&
    error.walk((cause) => cause instanceof TimeoutError || cause instanceof HttpRequestError) !== null
  if (isTransport) {
    const reason = (error as ViemError).shortMessage
    return new ServiceUnavailableError(
      { retryAfterSeconds: 1 },
      `The node of chain ${chainId} did not answer the simulation: ${reason}`,
    )
  }
  const decoded = decodeRevert(error)
  // No revert data (the node refused the call itself, e.g. value above the sender's balance): its own words.
  const reason =
    decoded === 'execution reverted' && error instanceof ViemError
      ? firstLine(error.details || error.shortMessage)
      : decoded
  return new SimulationRevertedError({ chainId, reason })
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text
}
