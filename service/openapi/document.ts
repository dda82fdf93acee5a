/**
 * The service's OpenAPI 3.1 document, served at `GET /api/openapi.json`: assembled from the data schemas
 * (`schemas.ts`), the error schemas and responses (`errors.ts`, generated from the engine's error classes), the
 * parameters (`parameters.ts`) and the paths (`paths.ts`).
 */
import { DISPLAY_MAX_CHARS } from '../../engine/errors/index.js'
import { MAX_JSON_DEPTH } from '../schema/jsonDepth.js'
import { errorResponses, errorSchemas } from './errors.js'
import { parameterComponents } from './parameters.js'
import { paths } from './paths.js'
import { DATA_SCHEMAS } from './schemas.js'
import type { OpenApiDocument } from './types.js'

/** Version of the document: the package's version (a test keeps them equal). */
export const OPENAPI_DOCUMENT_VERSION = '0.1.0'

const DESCRIPTION = `Cross-chain swap and bridge quotes, with the transaction that executes them. This document describes the
endpoints built so far of the interface in SPEC (interface version 3.0.0).

## Conventions

- **Base path**: every path is under \`/api\` (\`servers[0]\`): \`GET /api/getAction\`, \`POST /api/registerTxs\`,
  \`GET /api/getStatus\`, \`GET /api/getTransactions\`, \`GET /api/health\`, \`GET /api/openapi.json\`, and the venue's
  reads under \`/api/workflows/venue/\` (\`search\`, \`getMarkets\`, \`getCurrentPositions\`, \`getClosedPositions\`,
  \`getTrades\`).
- **Authentication**: the \`x-api-key\` header, on every endpoint except \`/api/health\` and \`/api/openapi.json\`. Absent or
  empty: 401 \`MISSING_API_KEY\`; unknown: 401 \`INVALID_API_KEY\`.
- **Amounts** are decimal strings of integers in the token's smallest unit (\`"1000000000"\` is 1,000 USDC), never floats.
  \`usdAmount\`, \`exchangeRate\` and \`estimatedPriceImpact\` (a percent) are display figures; \`estimatedTxTime\` is in seconds.
- **Slippage** is in basis points: 50 is 0.5%, from 0 to 10000.
- **Chains and tokens**: chain ids are integers (EVM ids; Solana 1151111081099710, Bitcoin 20000000000001, Tron 728126428,
  HyperCore 1337). Each chain's native token has a sentinel address: the zero address on EVM chains and HyperCore,
  \`11111111111111111111111111111111\` on Solana, \`bitcoin\` on Bitcoin, \`T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb\` on Tron.
- **Errors**: every error, on every endpoint, is the envelope of SPEC §7.1:
  \`{"success": false, "error": {"code", "name", "message", "title", "statusCode", "details"?, "timestamp"}}\`.
  \`statusCode\` equals the HTTP status; \`code\` is the stable identifier to branch on (the message is prose and may change);
  \`details\` is present for the codes that have them, in the shape of the code's \`…Error\` schema; \`timestamp\` is ISO 8601.
  The codes each status carries are listed in its response (\`components.responses\`).
- **Unknown paths** get 404 \`NOT_FOUND\` (\`components.responses.NotFound\`); a known path with another method gets
  405 \`METHOD_NOT_ALLOWED\` with an \`Allow\` header; both before authentication. \`OPTIONS\` answers 204 with \`Allow\`;
  \`HEAD\` is accepted wherever \`GET\` is.
- **Request ids**: every response carries \`x-request-id\`. Send your own (\`^[A-Za-z0-9._:-]{1,128}$\`) to correlate
  with your logs; otherwise one is generated. Quote it when reporting a problem.
- **Limits**: a request body above the limit (default 1 MiB) gets 413 \`PAYLOAD_TOO_LARGE\`; JSON (a body, or the
  \`appFees\` parameter) nesting arrays and objects deeper than ${MAX_JSON_DEPTH} levels gets 400 \`INVALID_PARAMETER\`;
  when the service is at capacity, 503 \`SERVICE_UNAVAILABLE\` with \`Retry-After\`. An error that echoes a value you
  sent (\`details.value\`, \`details.address\`, …) shows at most ${DISPLAY_MAX_CHARS} characters of it: a longer one is
  cut and ends in \`…\`.
- **Compliance**: requests from blocked countries get 403 \`GEO_BLOCKED\` (the country comes from a header set by the
  fronting proxy, \`cf-ipcountry\` by default); sanctioned wallets in \`sender\`, \`recipient\`, \`refundTo\`, the
  \`appFees\` receivers (or the key's), an \`evm-calldata-tx\`'s \`to\` or \`erc20Spender\`, \`solanaSponsor\`, or a
  venue user's account or proxy wallet (\`createOrFetchVenueUser\`, \`getAction\` with \`actionType=venue\`) get 403
  \`WALLET_SCREENED\`.
- **Venue orders**: \`getAction\` with \`actionType=venue\` funds a venue user's proxy wallet with pUSD (BUY) or
  authorizes a SELL; the order is placed when the transaction succeeds, its workflow read with
  \`GET /workflows/getStatus\`. \`solanaSponsor\` is accepted on Solana same-chain swaps only, \`gasless=true\` only
  from Tron with a gasless key (elsewhere 400 / 403).
- **Organizations**: an API key belongs to one app of one organization. \`registerTxs\`, \`getStatus\` and
  \`getTransactions\` see the transactions quoted by any app of the caller's organization, and nothing else: another
  organization's \`txId\` or hash answers exactly as an unknown one.
- **Extensions**: the action response and each of \`allRoutes\` carry \`steps\`, the hops of the route as executed;
  \`registerTxs\` results carry \`code\`; a transaction's \`status\` can be \`expired\` (a quote never registered).`

/**
 * Builds the document. Pure: the same object every call (a fresh copy).
 *
 * @example
 * const document = buildOpenApiDocument()
 * document.paths['/getAction']?.get?.operationId // 'getAction'
 */
export function buildOpenApiDocument(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'crossroute quote service',
      version: OPENAPI_DOCUMENT_VERSION,
      summary: 'Cross-chain swap and bridge routing: quotes and the transaction to sign.',
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/api', description: 'The base path, on the host that serves this document.' }],
    security: [{ ApiKey: [] }],
    tags: [
      { name: 'quotes', description: 'Quotes and transactions.' },
      {
        name: 'transactions',
        description: 'Registration, status and history of the transactions that execute quotes.',
      },
      {
        name: 'venue',
        description: 'The prediction-market venue: search, markets, users, positions, trades and orders.',
      },
      { name: 'service', description: 'Public endpoints of the service itself: no API key.' },
    ],
    paths: paths(),
    components: {
      schemas: { ...DATA_SCHEMAS, ...errorSchemas() },
      parameters: parameterComponents(),
      responses: errorResponses(),
      headers: {
        XRequestId: {
          description: "The request's id: the client's `x-request-id` when acceptable, else a generated UUID.",
          required: true,
          schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
        },
        Allow: {
          description: 'The methods of the path, comma-separated (e.g. `GET, HEAD, OPTIONS`).',
          required: true,
          schema: { type: 'string', pattern: '^[A-Z]+(?:, [A-Z]+)*$' },
        },
        RetryAfter: {
          description: 'Seconds to wait before retrying.',
          required: true,
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
      },
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'The API key the service operator issued for your app (SPEC §5).',
        },
      },
    },
  }
}
