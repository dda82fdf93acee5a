/**
 * The gasless provider: takes a signed execution and submits the transaction that carries it out, paying the fees.
 * Two implementations behind one interface: the simulated provider (default: a deterministic Tron transaction id,
 * nothing sent anywhere) and the provider at `GASLESS_PROVIDER_URL` (HTTP: `POST <url>/relay`, below).
 */
import type { Hex } from 'viem'
import { InvalidParameterError } from '../../engine/index.js'
import { ServiceUnavailableError } from '../errors.js'
import { log } from '../log.js'
import type { PermitTransferTypedData } from '../schema/gasless.js'
import { simulatedTxHash } from '../tracker/simulatedTxHash.js'

/** What is relayed: one execution's typed data and the user's signature of it. */
export interface RelayRequest {
  readonly txId: string
  readonly typedData: PermitTransferTypedData
  readonly signature: Hex
}

/** A gasless provider. */
export interface GaslessProvider {
  /** `simulated` or `http`. */
  readonly name: string
  /**
   * Submits a signed execution.
   *
   * @returns the submitted source transaction's id (Tron: 64 hex digits).
   * @throws InvalidParameterError when the provider refuses the signature or permit (4xx);
   *   ServiceUnavailableError when it cannot be reached or fails (retry later).
   */
  relay(request: RelayRequest): Promise<string>
}

const TRON_TX_ID = /^[0-9a-f]{64}$/
const RETRY_AFTER_SECONDS = 5
const TIMEOUT_MS = 10_000

/**
 * The simulated provider: the transaction id is derived from the `txId` (`simulatedTxHash`), so a retry names the
 * same transaction; the simulated chain observer then carries it to `success`.
 *
 * @example await createSimulatedGaslessProvider().relay({ txId, typedData, signature }) // '5f3a…' (64 hex)
 */
export function createSimulatedGaslessProvider(): GaslessProvider {
  return { name: 'simulated', relay: async ({ txId }) => simulatedTxHash('tron', txId, 'gasless') }
}

/**
 * The provider at `url`: `POST <url>/relay` with `{chainId, typedData, signature}` (JSON; `typedData` exactly as in
 * `executions`) answers `200 {"txHash": "<64 hex>"}`; a 4xx answer `{"message": "…"}` is a refusal of the permit.
 *
 * @param url - the provider's base URL (`GASLESS_PROVIDER_URL`).
 * @example await createHttpGaslessProvider('http://127.0.0.1:4100').relay({ txId, typedData, signature })
 */
export function createHttpGaslessProvider(url: string): GaslessProvider {
  const endpoint = `${url.replace(/\/+$/, '')}/relay`
  return {
    name: 'http',
    async relay({ typedData, signature }) {
      let response: Response
      let body: unknown
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chainId: typedData.domain.chainId, typedData, signature }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        body = await response.json().catch(() => undefined)
      } catch (error) {
        log('warn', 'gasless.unreachable', { endpoint, error: String(error) })
        throw new ServiceUnavailableError({ retryAfterSeconds: RETRY_AFTER_SECONDS })
      }
      const fields = (typeof body === 'object' && body !== null ? body : {}) as { txHash?: unknown; message?: unknown }
      if (response.status >= 400 && response.status < 500) {
        throw new InvalidParameterError({
          parameter: 'signatures',
          value: signature.slice(0, 20),
          reason: `the gasless provider refused the permit: ${String(fields.message ?? response.status)}`,
        })
      }
      if (!response.ok || typeof fields.txHash !== 'string' || !TRON_TX_ID.test(fields.txHash)) {
        log('warn', 'gasless.failed', { endpoint, status: response.status })
        throw new ServiceUnavailableError({ retryAfterSeconds: RETRY_AFTER_SECONDS })
      }
      return fields.txHash
    },
  }
}

/**
 * The provider the configuration names: HTTP when `GASLESS_PROVIDER_URL` is set, else simulated.
 *
 * @example gaslessProviderOf(config.gaslessProviderUrl).name // 'simulated'
 */
export function gaslessProviderOf(url: string | undefined): GaslessProvider {
  return url === undefined ? createSimulatedGaslessProvider() : createHttpGaslessProvider(url)
}
