/**
 * The query parameters of `GET /getStatus` (SPEC §4.3), each declared once: the decoder of the route
 * (`service/routes/getStatus.ts`) and the OpenAPI parameters are both built from this list. The one rule that
 * involves two parameters (`txId` or `txHash`) and the VM-specific hash formats are checked by the route.
 */
import { schemas } from '../../engine/index.js'
import { type QueryParameter, queryParameter } from './query.js'
import { TxHash, TxId } from './transactionDetails.js'

const INVALID = '400 `INVALID_PARAMETER`'

/** The `getStatus` query parameters, in SPEC §4.3 order. */
export const GET_STATUS_PARAMETERS: readonly QueryParameter[] = [
  queryParameter(
    'txId',
    TxId,
    'The `txId` of a `getAction` response. Required unless `txHash` is given (neither: 400 `MISSING_REQUIRED_FIELD`, ' +
      `field \`txId\`). Takes precedence over \`txHash\`: with both, the transaction must have that source hash. Malformed: ${INVALID}.`,
  ),
  queryParameter(
    'txHash',
    TxHash,
    "The registered source transaction's hash, in any VM's format (see `TxHash`; hex case-insensitive). Required " +
      'unless `txId` is given. Without `chainId` and registered on several chains: the latest registration. Not a ' +
      `hash of any supported VM: ${INVALID}.`,
  ),
  queryParameter(
    'chainId',
    schemas.ChainId,
    'The source chain (SPEC §4.3: optional, recommended): narrows the `txHash` lookup; with `txId`, it must be the ' +
      `transaction's source chain. Malformed: ${INVALID}.`,
  ),
]
