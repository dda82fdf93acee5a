/**
 * The viem public client of one EVM chain's `RPC_URLS` entry, shared by the chain's observer
 * (`evmRpcObserver.ts`) and deposit watcher (`evmDepositWatcher.ts`): HTTP transport with a request timeout, and a
 * check, once, that the node serves the configured chain.
 */
import { type PublicClient, createPublicClient, http } from 'viem'

/** A chain's client and its chain-id check. */
export interface CheckedEvmClient {
  readonly client: PublicClient
  /** Resolves once the node answered `eth_chainId` with the chain; rejects (and is tried again next call) otherwise. */
  readonly checkChainId: () => Promise<void>
}

/**
 * Creates the client of one EVM chain.
 *
 * @param chainId - the chain the node must serve.
 * @param url - its JSON-RPC endpoint.
 * @param requestTimeoutMs - timeout of one request; default 10 000.
 * @example const { client, checkChainId } = checkedEvmClient(42161, 'http://127.0.0.1:8545')
 */
export function checkedEvmClient(chainId: number, url: string, requestTimeoutMs = 10_000): CheckedEvmClient {
  const client: PublicClient = createPublicClient({
    transport: http(url, { timeout: requestTimeoutMs, retryCount: 1 }),
  })
  let checked: Promise<void> | undefined
  const checkChainId = () => {
    checked ??= client.getChainId().then((actual) => {
      if (actual !== chainId) throw new Error(`RPC_URLS: the node at ${url} serves chain ${actual}, not ${chainId}`)
    })
    checked.catch(() => (checked = undefined))
    return checked
  }
  return { client, checkChainId }
}
