/**
 * `GET /getAction` (SPEC §4.1): validates the query, quotes with the engine, builds the router transaction, records
 * the quote under a new `txId` and answers the action response (SPEC §2.4).
 */
import { type AuthenticatedRouter, createRouter } from './router.js'
import { randomFillSync } from 'node:crypto'
import type { Hex } from 'viem'
import {
  type Chain,
  type Engine,
  InvalidParameterError,
  type ParsedQuoteRequest,
  type QuoteResult,
  type Vm,
  normalizeAddress,
  vmModuleOf,
} from '../../engine/index.js'
import type { ServiceConfig } from '../config.js'
import type { Store } from '../store/store.js'
import { type DepositWatchEntry, depositWatchUntil } from '../store/depositStore.js'
import {
  type SourceState,
  type Transaction,
  depositAddressOf,
  transactionBuilderOf,
} from '../../engine/transactions.js'
import { checkGasless, gaslessExecutions } from '../gasless/executions.js'
import type { Execution } from '../schema/gasless.js'
import type { SourceStateFetcher } from '../vm/sourceState.js'
import type { EvmSimulator } from '../vm/evmSimulation.js'
import type { QueryParameters } from '../middleware/compliance.js'
import type { ScreenedAddress } from '../compliance/screening.js'
import type { AuthenticatedState } from '../types.js'
import { type ActionRequest, checkActionChains, parseGetAction, toQuoteRequest } from './getActionRequest.js'
import { buildVenueAction, checkVenueAction } from '../venue/venueAction.js'

/** What the `getAction` routes need; each worker builds them once. */
export interface GetActionDependencies {
  readonly engine: Engine
  /** The id of the engine's snapshot (`snapshotIdOf`), named by every quote. */
  readonly snapshotId: string
  readonly store: Store
  readonly config: Pick<ServiceConfig, 'quoteTtlSeconds'>
  /** Source-state fetchers by VM (`sourceStateFetchers(config)`); none by default (EVM needs none). */
  readonly sourceStateFetchers?: ReadonlyMap<Vm, SourceStateFetcher>
  /**
   * `createCompliance(...).screenAddresses`: screens the addresses a request acts for that its query does not name
   * (the venue user and its proxy wallet, read from the store). Throws WalletScreeningError for a listed one.
   */
  readonly screenAddresses: (addresses: readonly ScreenedAddress[]) => void
  /** `createEvmSimulator(config)`: runs `simulate=true` transactions; absent, `simulate=true` is refused. */
  readonly simulator?: EvmSimulator
}

/** The action response (SPEC §2.4): the engine's quote plus the transaction and its id. */
export type ActionResponse = {
  tx: Transaction
  txId: Hex
  depositAddress?: string
  executions?: Execution[]
} & QuoteResult & {
    snapshotId: string
    expiresAt: number
    simulatedGas?: string
  }

/**
 * A new transaction id: 32 random bytes as `0x` and 64 hex digits. The same value is the router call's `bytes32
 * txId`, so the router's events name the stored quote without any mapping.
 *
 * @example newTxId() // '0x3f9c…' (66 characters)
 */
export function newTxId(): Hex {
  if (txIdOffset === TX_ID_POOL.length) {
    randomFillSync(TX_ID_POOL)
    txIdOffset = 0
  }
  txIdOffset += 32
  return `0x${TX_ID_POOL.toString('hex', txIdOffset - 32, txIdOffset)}`
}

/**
 * Random bytes for 128 txIds, refilled when used up: one call into the CSPRNG per 128 quotes instead of one each
 * (`randomBytes(32)` was ~2 % of a worker's time per getAction). Every byte is used once.
 */
const TX_ID_POOL = Buffer.alloc(32 * 128)
let txIdOffset = TX_ID_POOL.length

/** An action before it is serialized: the engine's quote, and the transaction built for it under `txId`. */
export interface ActionParts {
  readonly tx: Transaction
  readonly txId: Hex
  readonly quote: QuoteResult
  /** The quote's deposit address on its source chain, when asked for (`returnDepositAddress`, `gasless`). */
  readonly depositAddress?: string
  /** The steps to sign for the gasless provider (`gasless`). */
  readonly executions?: Execution[]
  /** The id of the snapshot the quote was made on (`snapshotIdOf`). */
  readonly snapshotId: string
  /** Unix seconds after which the quote is not executed: the router call's deadline. */
  readonly expiresAt: number
  /** `simulate=true`: the gas `eth_estimateGas` answered for `tx` (decimal). */
  readonly simulatedGas?: string
}

/** How `buildActionParts` builds: the new `txId`, the router deadline, and what the route already has. */
export interface BuildActionOptions {
  readonly txId: Hex
  /** Unix seconds: the router call's deadline, answered as `expiresAt` (quote time + `QUOTE_TTL_SECONDS`). */
  readonly deadline: number
  /** The id of the engine's snapshot, answered as `snapshotId`. */
  readonly snapshotId: string
  /** The request as the engine takes it, when already parsed (else derived from `request`). */
  readonly quoteRequest?: ParsedQuoteRequest
  /** The quote, when already made (the route quotes first to know what source state to fetch). */
  readonly quote?: QuoteResult
  /** The source chain's state, for VMs whose builder needs some (`service/vm/sourceState.ts`). */
  readonly sourceState?: SourceState
  /** Add the quote's deposit address (`returnDepositAddress=true`). */
  readonly withDepositAddress?: boolean
  /** Add the gasless `executions` (checked beforehand: `checkGasless`); implies the deposit address. */
  readonly gasless?: boolean
}

/**
 * Quotes a validated request and builds its transaction. Pure apart from the `txId` and the clock passed in.
 *
 * @throws the engine's errors (`BaseError` subclasses) when the request cannot be quoted.
 */
export function buildActionParts(engine: Engine, request: ActionRequest, options: BuildActionOptions): ActionParts {
  const quote = options.quote ?? engine.quote(options.quoteRequest ?? toQuoteRequest(request))
  const srcChain = engine.snapshot.chains.get(quote.amountIn.chainId)!
  const buildTransaction = transactionBuilderOf(srcChain.vm)
  if (buildTransaction === undefined) {
    throw new InvalidParameterError({
      parameter: 'srcChainId',
      value: String(srcChain.chainId),
      reason: `transactions from ${srcChain.name} (${srcChain.vm}) are not supported yet`,
    })
  }
  const tx = buildTransaction({
    snapshot: engine.snapshot,
    txId: options.txId,
    quote,
    swapDirection: request.actionType === 'evm-calldata-tx' ? 'exact-amount-out' : request.swapDirection,
    sender: request.sender,
    recipient: request.recipient,
    refundTo: request.refundTo,
    appFees: request.appFees,
    deadline: options.deadline,
    sourceState: options.sourceState,
    solanaSponsor: request.solanaSponsor,
    call:
      request.actionType === 'evm-calldata-tx'
        ? {
            target: request.to,
            data: request.data,
            value: BigInt(request.value ?? '0'),
            erc20Spender: request.erc20Spender,
            erc20Amount: BigInt(request.erc20Amount ?? '0'),
          }
        : undefined,
  })
  const stamp = { snapshotId: options.snapshotId, expiresAt: options.deadline }
  if (options.withDepositAddress !== true && options.gasless !== true)
    return { tx, txId: options.txId, quote, ...stamp }
  const depositAddress = depositAddressOf(srcChain, options.txId)
  if (options.gasless !== true) return { tx, txId: options.txId, quote, depositAddress, ...stamp }
  const executions = gaslessExecutions({
    quote,
    txId: options.txId,
    deadline: options.deadline,
    depositAddress,
    sender: request.sender,
  })
  return { tx, txId: options.txId, quote, depositAddress, executions, ...stamp }
}

/**
 * The action response's JSON (SPEC §2.4), serialized once, without building the merged object first: the same
 * text as `JSON.stringify(actionResponseOf(parts))` (`tx`, `txId`, then the quote's fields in order, then the
 * extensions `snapshotId` and `expiresAt`), which a test checks.
 *
 * @example JSON.parse(serializeAction(parts)).txId === parts.txId
 */
export function serializeAction(parts: ActionParts): string {
  // The quote is a non-empty object without `tx` / `txId` keys: its text after `{` continues the object.
  const deposit = parts.depositAddress === undefined ? '' : `"depositAddress":${JSON.stringify(parts.depositAddress)},`
  const executions = parts.executions === undefined ? '' : `"executions":${JSON.stringify(parts.executions)},`
  const quote = JSON.stringify(parts.quote)
  const simulated = parts.simulatedGas === undefined ? '' : `,"simulatedGas":${JSON.stringify(parts.simulatedGas)}`
  const stamp = `"snapshotId":${JSON.stringify(parts.snapshotId)},"expiresAt":${parts.expiresAt}${simulated}`
  return `{"tx":${JSON.stringify(parts.tx)},"txId":${JSON.stringify(parts.txId)},${deposit}${executions}${quote.slice(1, -1)},${stamp}}`
}

/** The action response as an object, for tests and benchmarks; the route sends `serializeAction`'s text. */
export function actionResponseOf(parts: ActionParts): ActionResponse {
  const { tx, txId, depositAddress, executions, snapshotId, expiresAt, simulatedGas } = parts
  return {
    tx,
    txId,
    ...(depositAddress === undefined ? {} : { depositAddress }),
    ...(executions === undefined ? {} : { executions }),
    ...parts.quote,
    snapshotId,
    expiresAt,
    ...(simulatedGas === undefined ? {} : { simulatedGas }),
  }
}

/**
 * Builds one action for a validated request: quote, transaction, response. Pure apart from the `txId` and the
 * clock passed in; exported for tests and for other routes that quote (the venue action, later).
 *
 * @throws the engine's errors (`BaseError` subclasses) when the request cannot be quoted.
 */
export function buildAction(engine: Engine, request: ActionRequest, options: BuildActionOptions): ActionResponse {
  return actionResponseOf(buildActionParts(engine, request, options))
}

/**
 * The watch the tracker keeps on a quote's deposit address (README "Deposit addresses"): what must arrive
 * (`amountInMax` of the input token) and until when (`depositWatchUntil`).
 *
 * @example depositWatchOf(parts, 'evm', createdAt, 1800).watchUntil // createdAt + 1800 + 600
 */
export function depositWatchOf(
  parts: ActionParts,
  vm: Vm,
  createdAt: number,
  quoteTtlSeconds: number,
): DepositWatchEntry {
  return {
    address: normalizeAddress(vm, parts.depositAddress!),
    token: normalizeAddress(vm, parts.quote.amountIn.address),
    amountRequired: parts.quote.amountInMax.amount,
    watchUntil: depositWatchUntil(createdAt, quoteTtlSeconds),
  }
}

/**
 * Answers one `getAction` request: validates the parameters, quotes, builds the transaction, records the quote
 * under a new `txId` (unless `record` is false) and returns the action response's JSON text. Shared by
 * `GET /getAction` and each item of `POST /getActions`.
 *
 * @throws the engine's and the service's errors (`BaseError` subclasses) for the error envelope.
 * @example const json = await answerAction(deps, ctx.query, ctx.state.apiKey, { record: true })
 */
export async function answerAction(
  deps: GetActionDependencies,
  query: QueryParameters,
  apiKey: AuthenticatedState['apiKey'],
  { record }: { readonly record: boolean },
): Promise<string> {
  const { engine, store, config } = deps
  const { request, quoteRequest, gasless, returnDepositAddress, simulate } = parseGetAction(
    query,
    apiKey,
    engine.options.protocolFeeBps,
    engine.snapshot,
  )
  checkActionChains(request, engine.snapshot)
  if (gasless) checkGasless(apiKey, engine.snapshot.chains.get(request.srcChainId), request.srcToken)
  if (simulate) checkSimulate(deps.simulator, engine.snapshot.chains.get(request.srcChainId), request)
  // An unknown chain has no VM here: the engine refuses it with UNSUPPORTED_NETWORK when quoting.
  const srcVm = engine.snapshot.chains.get(request.srcChainId)?.vm
  const fetchSourceState = srcVm === undefined ? undefined : deps.sourceStateFetchers?.get(srcVm)
  let quote: QuoteResult | undefined
  let sourceState: SourceState | undefined
  if (fetchSourceState !== undefined) {
    quote = engine.quote(quoteRequest)
    sourceState = await fetchSourceState({
      chainId: request.srcChainId,
      sender: request.sender,
      tokenIn: quote.amountIn.address,
      amountInMax: BigInt(quote.amountInMax.amount),
    })
  }
  const createdAt = Math.floor(Date.now() / 1000)
  const options = {
    txId: newTxId(),
    deadline: createdAt + config.quoteTtlSeconds,
    snapshotId: deps.snapshotId,
    quoteRequest,
    quote,
    sourceState,
    withDepositAddress: returnDepositAddress,
    gasless,
  }
  // A venue order: checked against the venue's state, with its workflow recorded beside the quote.
  const venue =
    request.actionType === 'venue'
      ? await buildVenueAction(
          engine,
          store,
          request,
          await checkVenueAction(store, apiKey.orgId, request, deps.screenAddresses),
          {
            ...options,
            orgId: apiKey.orgId,
            now: createdAt,
          },
        )
      : undefined
  const built = venue?.parts ?? buildActionParts(engine, request, options)
  const parts = simulate ? await simulated(deps.simulator!, built, request.sender) : built
  // Serialized once: this text is both what the store keeps (compressed) and the reply, which crosses the
  // thread boundary as it is (dispatch.ts passes a string body through).
  const responseJson = serializeAction(parts)
  if (record) {
    if (venue !== undefined) await store.recordVenueWorkflow(venue.workflow)
    await store.recordQuoteSoon({
      txId: parts.txId,
      createdAt,
      apiKey,
      actionRequest: request,
      actionResponseJson: responseJson,
      srcChainId: request.srcChainId,
      dstChainId: request.dstChainId,
      sender: normalizeAddress(srcVm!, request.sender),
      vmId: parts.quote.vmId,
      ...(parts.depositAddress === undefined
        ? {}
        : { depositWatch: depositWatchOf(parts, srcVm!, createdAt, config.quoteTtlSeconds) }),
    })
  }
  return responseJson
}

/**
 * Refuses `simulate=true` where it cannot run: a source chain that is not EVM (its transaction is no EVM call), one
 * without an RPC in `RPC_URLS`, and a venue SELL (its `tx` is an order authorization, not a transaction). An unknown
 * chain is left to the engine (`UNSUPPORTED_NETWORK`).
 *
 * @throws InvalidParameterError (`parameter: "simulate"`) saying why.
 */
function checkSimulate(simulator: EvmSimulator | undefined, srcChain: Chain | undefined, request: ActionRequest): void {
  if (srcChain === undefined) return
  const reason =
    request.actionType === 'venue' && request.side === 'SELL'
      ? "a venue SELL's tx is an order authorization, not a transaction to simulate"
      : !vmModuleOf(srcChain.vm).executesEvmCalldata
        ? `simulation runs EVM transactions; ${srcChain.name} is ${srcChain.vm}`
        : simulator?.hasRpc(srcChain.chainId) !== true
          ? `no RPC is configured for chain ${srcChain.chainId} (${srcChain.name}): RPC_URLS names none`
          : undefined
  if (reason !== undefined) throw new InvalidParameterError({ parameter: 'simulate', value: 'true', reason })
}

/** The action with its transaction simulated (`simulatedGas`); throws what the simulator throws. */
async function simulated(simulator: EvmSimulator, parts: ActionParts, sender: string): Promise<ActionParts> {
  const { tx } = parts
  const gas = await simulator.simulate({
    chainId: tx.chainId as number,
    from: sender,
    to: tx.to,
    data: tx.data,
    value: tx.value,
  })
  return { ...parts, simulatedGas: gas.toString() }
}

/**
 * The `getAction` router: `GET /getAction` (the composer mounts it under `/api`, after authentication). Errors are
 * thrown as the engine's error classes for the error middleware to render.
 *
 * @example
 * api.use(getActionRoutes({ engine, store, config }).routes())
 */
export function getActionRoutes(deps: GetActionDependencies): AuthenticatedRouter {
  const router = createRouter<AuthenticatedState>()
  router.get('/getAction', async (ctx) => {
    // HEAD (which the router answers with this GET handler) gets GET's status and headers but records nothing:
    // its reply has no body, so the txId could never be registered.
    const isRecorded = ctx.method !== 'HEAD'
    const responseJson = await answerAction(deps, ctx.query, ctx.state.apiKey, { record: isRecorded })
    // For the main thread's daily quote quota (`rateLimit/dailyQuota.ts`).
    ctx.state.quotes = { items: 1, recorded: isRecorded ? 1 : 0 }
    ctx.set('Cache-Control', 'no-store')
    // Before the body: a string body would otherwise be typed text/plain.
    ctx.type = 'json'
    ctx.body = responseJson
  })
  return router
}
