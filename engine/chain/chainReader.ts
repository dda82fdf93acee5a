/**
 * Batched contract reads at one block: every read of a chain's snapshot goes through one `ChainReader`, so all of
 * its figures describe the same block.
 */
import type { Abi, Address, PublicClient } from 'viem'

/** One contract read. */
export interface ContractCall {
  readonly address: Address
  readonly abi: Abi
  readonly functionName: string
  readonly args?: readonly unknown[]
}

/** Reads many contract functions at one block, in multicall batches. */
export interface ChainReader {
  /** The block every read is made at. */
  readonly blockNumber: bigint
  /**
   * The results of `calls`, in order.
   * @throws viem's error when any call reverts (a pool address that is not the named type, for instance).
   */
  read(calls: readonly ContractCall[]): Promise<unknown[]>
}

/** Options of `createChainReader`. */
export interface CreateChainReaderOptions {
  /** Multicall3 address; absent: the client chain's, else deployless (the Multicall3 code sent with each call). */
  readonly multicallAddress?: string
  /** Block to read at; default the latest when the reader is created. */
  readonly blockNumber?: bigint
}

// Calldata bytes per multicall batch: about 100 pool reads, far below node gas limits for eth_call.
const BATCH_BYTES = 8_192

/**
 * A reader over a viem public client.
 *
 * @example
 * const reader = await createChainReader(createPublicClient({ transport: http(url) }))
 * const [reserves] = await reader.read([{ address: pair, abi: UNISWAP_V2_PAIR_ABI, functionName: 'getReserves' }])
 */
export async function createChainReader(
  client: PublicClient,
  options: CreateChainReaderOptions = {},
): Promise<ChainReader> {
  const blockNumber = options.blockNumber ?? (await client.getBlockNumber())
  const multicallAddress = (options.multicallAddress ?? client.chain?.contracts?.multicall3?.address) as
    Address | undefined
  return {
    blockNumber,
    async read(calls) {
      if (calls.length === 0) return []
      return client.multicall({
        contracts: calls as never,
        allowFailure: false,
        blockNumber,
        batchSize: BATCH_BYTES,
        ...(multicallAddress === undefined ? { deployless: true } : { multicallAddress }),
      }) as Promise<unknown[]>
    },
  }
}
