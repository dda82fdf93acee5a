/**
 * `POST /relayGasless`: the second half of a gasless action. The user signs the `executions` of a gasless
 * `getAction` answer and posts the signatures here with the `txId`; the service checks each signature recovers to
 * the quote's `sender`, hands the executions to the gasless provider, and registers the transaction the provider
 * submitted — the quote becomes `pending` with no `registerTxs` call, and the tracker follows it from there.
 */
import { type Hex, recoverTypedDataAddress } from 'viem'
import { InvalidParameterError, compileValidator } from '../../engine/index.js'
import { tronAbiAddress } from '../../engine/transactions.js'
import { NotFoundError } from '../errors.js'
import type { GaslessProvider } from '../gasless/provider.js'
import { type Execution, RelayGaslessRequest, type RelayGaslessResponse } from '../schema/gasless.js'
import type { Store } from '../store/store.js'
import type { AuthenticatedState } from '../types.js'
import { readJsonBody } from './body.js'
import { type AuthenticatedRouter, createRouter } from './router.js'

const validator = compileValidator(RelayGaslessRequest)

/** What the route needs. */
export interface RelayGaslessDependencies {
  readonly store: Store
  readonly provider: GaslessProvider
  /** Unix seconds; default the wall clock. */
  readonly now?: () => number
}

/**
 * The `relayGasless` router (mounted under `/api`, after authentication).
 *
 * Errors: 400 `INVALID_PARAMETER` for a malformed body, a quote that is not gasless, a signature count other than
 * the executions', a signature not by `sender`, a permit past its deadline, or a provider refusal; 404 `NOT_FOUND`
 * for a `txId` not of your organization; 503 when the provider cannot be reached (retry).
 *
 * @example api.use(relayGaslessRoutes({ store, provider: gaslessProviderOf(config.gaslessProviderUrl) }).routes())
 */
export function relayGaslessRoutes(deps: RelayGaslessDependencies): AuthenticatedRouter {
  const { store, provider } = deps
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000))
  const router = createRouter<AuthenticatedState>()
  router.post('/relayGasless', async (ctx) => {
    const body = readJsonBody(ctx)
    if (!validator.check(body)) throw validator.problem(body, { context: 'relayGasless' })!
    const stored = await store.getByTxId(body.txId.toLowerCase(), ctx.state.apiKey.orgId)
    if (stored === undefined) throw new NotFoundError('No quote with this txId in your organization')
    const executions = (stored.actionResponse as { executions?: Execution[] }).executions
    if (executions === undefined) throw invalid('txId', body.txId, 'not a gasless quote (no executions)')
    if (body.signatures.length !== executions.length) {
      throw invalid('signatures', String(body.signatures.length), `expected ${executions.length}, one per execution`)
    }
    let txHash = stored.srcTxHash
    if (txHash === null) {
      const registeredAt = now()
      for (const [index, execution] of executions.entries()) await checkSignature(execution, body.signatures[index]!)
      if (Number(executions[0]!.typedData.message.deadline) < registeredAt) {
        throw invalid('txId', body.txId, 'the permit is past its deadline: quote again')
      }
      for (const [index, execution] of executions.entries()) {
        txHash = await provider.relay({
          txId: stored.txId,
          typedData: execution.typedData,
          signature: body.signatures[index] as Hex,
        })
      }
      await store.registerTransaction({
        txId: stored.txId,
        txHash: txHash!,
        chainId: stored.srcChainId,
        vmId: stored.vmId,
        registeredAt,
      })
    }
    const answer: RelayGaslessResponse = { txId: stored.txId, txHash: txHash!, status: 'pending' }
    ctx.set('Cache-Control', 'no-store')
    ctx.body = answer
  })
  return router
}

/** The signature must recover, over the execution's typed data, to its signer (the quote's `sender`). */
async function checkSignature(execution: Execution, signature: string): Promise<void> {
  const { domain, types, primaryType } = execution.typedData
  let recovered: string
  try {
    recovered = await recoverTypedDataAddress({
      domain: { ...domain, verifyingContract: domain.verifyingContract as Hex },
      types,
      primaryType,
      message: typedMessage(execution.typedData),
      signature: signature as Hex,
    })
  } catch {
    throw invalid('signatures', signature.slice(0, 20), 'not a valid 65-byte signature')
  }
  if (recovered.toLowerCase() !== tronAbiAddress(execution.signer)) {
    throw invalid('signatures', signature.slice(0, 20), `execution ${execution.step} is not signed by the sender`)
  }
}

/**
 * The message with its `uint256` fields as `bigint`, as EIP-712 signers take them (the wire carries decimal strings).
 *
 * @example typedMessage(executions[0].typedData).value // 250000000n
 */
export function typedMessage(typedData: Execution['typedData']): Record<string, unknown> {
  const uints = new Set(typedData.types.PermitTransfer.filter((f) => f.type === 'uint256').map((f) => f.name))
  return Object.fromEntries(
    Object.entries(typedData.message).map(([name, value]) => [name, uints.has(name) ? BigInt(value) : value]),
  )
}

function invalid(parameter: string, value: string, reason: string): InvalidParameterError {
  return new InvalidParameterError({ parameter, value, reason })
}
