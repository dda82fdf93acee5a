/**
 * Turns the TypeBox schemas into the OpenAPI document's JSON Schemas: every schema marked `x-component` becomes
 * `components.schemas.<name>` once, and each place it is used becomes a `$ref` (keeping a description given at
 * that place). The validation keywords `x-error`/`x-reason` are the service's own and are left out.
 */
import type { TSchema } from '@sinclair/typebox'
import { schemas } from '../../engine/index.js'
import { ActionRequest } from '../schema/actionRequest.js'
import {
  ActionResponse,
  EvmTransaction,
  HealthResponse,
  OpenApiDocument,
  ReadinessResponse,
  SolanaTransaction,
  Transaction,
} from '../schema/actionResponse.js'
import { TronTransaction } from '../schema/tronTransaction.js'
import { GetActionsItemRequest, GetActionsRequest, GetActionsResponse, GetActionsResult } from '../schema/getActions.js'
import { Execution, PermitTransferTypedData, RelayGaslessRequest, RelayGaslessResponse } from '../schema/gasless.js'
import {
  Registration,
  RegistrationErrorCode,
  RegistrationRequest,
  RegistrationResult,
  RegistrationResults,
} from '../schema/registerTxs.js'
import {
  ChainTransaction,
  PaymentToken,
  TransactionDetails,
  TxHash,
  TxId,
  TxPathEntry,
} from '../schema/transactionDetails.js'
import { TransactionHistory } from '../schema/transactionHistory.js'
import { BitcoinTransaction, HypercoreTransaction } from '../schema/sourceTransactions.js'
import { VenueDateTime } from '../schema/venueFields.js'
import {
  VenueEvent,
  VenueMarket,
  VenueMarketsResponse,
  VenueSearchResponse,
  VenueSeries,
  VenueTag,
} from '../schema/venueMarket.js'
import {
  VenueClosedPosition,
  VenueClosedPositions,
  VenuePosition,
  VenuePositions,
  VenueTrade,
  VenueTrades,
} from '../schema/venuePositions.js'
import {
  VenueOrderRequest,
  VenueOrderResponse,
  VenueOrderStatus,
  VenueRelayTx,
  VenueWorkflowData,
} from '../schema/venueOrder.js'
import { VenueWorkflow, WorkflowStatus } from '../schema/venueWorkflow.js'
import { VenueActionRequest } from '../schema/actionRequest.js'
import { VenueUser, VenueUserRequest } from '../schema/venueUser.js'
import type { Schema } from './types.js'

/** The named schemas of the document, each in its canonical form. */
const COMPONENTS: readonly TSchema[] = [
  schemas.ChainId,
  schemas.AmountString,
  schemas.Hex,
  schemas.EvmAddress,
  schemas.SolanaAddress,
  schemas.BitcoinAddress,
  schemas.TronAddress,
  schemas.Address,
  schemas.TokenAddress,
  schemas.BridgeId,
  schemas.VmId,
  schemas.SwapDirection,
  schemas.AppFee,
  schemas.TokenAmount,
  schemas.BridgeRouteEntry,
  schemas.RouteStep,
  schemas.SplitPart,
  schemas.RouteQuote,
  EvmTransaction,
  TronTransaction,
  Transaction,
  SolanaTransaction,
  BitcoinTransaction,
  HypercoreTransaction,
  PermitTransferTypedData,
  Execution,
  ActionResponse,
  // POST /getActions (batch).
  GetActionsItemRequest,
  GetActionsRequest,
  GetActionsResult,
  GetActionsResponse,
  RelayGaslessRequest,
  RelayGaslessResponse,
  HealthResponse,
  ReadinessResponse,
  OpenApiDocument,
  // The transaction lifecycle (SPEC §2.3, §2.5, §4.2–4.4).
  TxId,
  TxHash,
  ActionRequest,
  TxPathEntry,
  PaymentToken,
  ChainTransaction,
  TransactionDetails,
  TransactionHistory,
  Registration,
  RegistrationRequest,
  RegistrationErrorCode,
  RegistrationResult,
  RegistrationResults,
  // The prediction-market venue (SPEC §2.7, §4.5–§4.8).
  VenueDateTime,
  VenueTag,
  VenueSeries,
  VenueMarket,
  VenueEvent,
  VenueSearchResponse,
  VenueMarketsResponse,
  VenuePosition,
  VenuePositions,
  VenueClosedPosition,
  VenueClosedPositions,
  VenueTrade,
  VenueTrades,
  // Venue users (SPEC §4.9).
  VenueUserRequest,
  VenueUser,
  // The order workflow's order objects (SPEC §2.6).
  VenueOrderRequest,
  VenueOrderStatus,
  VenueOrderResponse,
  VenueRelayTx,
  VenueWorkflowData,
  VenueActionRequest,
  VenueWorkflow,
  WorkflowStatus,
]

const INTERNAL_KEYWORDS = new Set(['x-component', 'x-error', 'x-reason'])

/**
 * The JSON Schema of a TypeBox schema, with named schemas as `$ref`s.
 *
 * @param isRoot - `true` when `schema` is itself the component being written (not replaced by its own `$ref`).
 * @example toJsonSchema(schemas.TokenAmount, true)
 */
export function toJsonSchema(schema: TSchema, isRoot = false): Schema {
  return convert(schema, isRoot) as Schema
}

function convert(value: unknown, isRoot: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, false))
  if (value === null || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  const component = record['x-component']
  if (typeof component === 'string' && !isRoot) {
    const canonical = COMPONENTS.find((schema) => schema['x-component'] === component)
    const ref: Record<string, unknown> = { $ref: `#/components/schemas/${component}` }
    if (record.description !== undefined && record.description !== canonical?.description)
      ref.description = record.description
    if (record.default !== undefined) ref.default = record.default
    return ref
  }
  const out: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(record)) {
    if (INTERNAL_KEYWORDS.has(key)) continue
    out[key] = convert(entry, false)
  }
  // TypeBox writes a union of literals as `anyOf` of consts; an `enum` reads better and types the same.
  if (
    Array.isArray(out.anyOf) &&
    (out.anyOf as Record<string, unknown>[]).every((item) => 'const' in item && Object.keys(item).length <= 2)
  ) {
    const values = (out.anyOf as { const: string }[]).map((item) => item.const)
    delete out.anyOf
    return { type: typeof values[0] === 'number' ? 'number' : 'string', enum: values, ...out }
  }
  return out
}

/**
 * `components.schemas` from the TypeBox schemas.
 *
 * @example componentSchemas().TokenAmount?.properties?.amount // { $ref: '#/components/schemas/AmountString' }
 */
export function componentSchemas(): Record<string, Schema> {
  return Object.fromEntries(COMPONENTS.map((schema) => [schema['x-component'] as string, toJsonSchema(schema, true)]))
}
