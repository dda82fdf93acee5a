/** A web3.js `Connection` for the service: every request bounded in time, no silent retries on rate limits. */
import { Connection } from '@solana/web3.js'

/**
 * Opens a Solana JSON-RPC connection whose requests give up after `timeoutMs`, so that neither a request nor the
 * tracker waits on a node that does not answer.
 *
 * @example const connection = solanaConnection('http://127.0.0.1:8899', 5_000)
 */
export function solanaConnection(url: string, timeoutMs: number): Connection {
  return new Connection(url, {
    commitment: 'confirmed',
    disableRetryOnRateLimit: true,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  })
}
