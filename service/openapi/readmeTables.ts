/**
 * The README's parameter tables (section "HTTP API"), made from the OpenAPI document: `npx tsx
 * service/openapi/readmeTables.ts` prints them, to paste under each endpoint. `test/readmeTables.test.ts` checks the
 * README's tables (names, types, required-ness; error codes, names, statuses, details) against the document with the
 * same reading of it (`endpointFields`, `documentedErrors`).
 *
 * Reads the document as plain JSON (what `GET /api/openapi.json` serves), not through the builder's types, so it
 * keeps working whichever way the document is assembled.
 */
import { fileURLToPath } from 'node:url'
import { buildOpenApiDocument } from './document.js'

/** The JSON Schema keywords read here. */
interface JsonSchema {
  $ref?: string
  type?: string
  enum?: readonly unknown[]
  const?: unknown
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: readonly string[]
  minimum?: number
  maximum?: number
  maxItems?: number
  maxLength?: number
  pattern?: string
  default?: unknown
  oneOf?: readonly JsonSchema[]
  anyOf?: readonly JsonSchema[]
}

interface JsonParameter {
  name: string
  in: string
  description: string
  required?: boolean
  schema?: JsonSchema
  content?: Record<string, { schema: JsonSchema }>
}

/** The document as JSON, with the parts read here typed. */
interface JsonDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: ({ $ref: string } | JsonParameter)[]
        requestBody?: { content: Record<string, { schema: JsonSchema }> }
      }
    >
  >
  components: {
    schemas: Record<string, JsonSchema>
    parameters: Record<string, JsonParameter>
    responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>
  }
}

/** One row of a parameter table: what the README says of a parameter or body field. */
export interface FieldRow {
  name: string
  type: string
  /** `yes`, `no`, or when it is required (`for \`swap-action\``): the parameter itself is optional. */
  required: string
  rule: string
}

/** One documented error code. */
export interface ErrorRow {
  status: number
  code: string
  name: string
  /** The `details` fields, in the schema's order; `[]` when the code has none. */
  details: string[]
}

/** The endpoints with a README parameter table: the heading it sits under, and where its fields come from. */
export const ENDPOINT_TABLES = [
  { heading: '`GET /api/getAction` query parameters', path: '/getAction', method: 'get', source: 'query' },
  { heading: '`POST /api/getActions` body fields', path: '/getActions', method: 'post', source: 'body' },
  { heading: '`POST /api/registerTxs` body fields', path: '/registerTxs', method: 'post', source: 'body' },
  { heading: '`POST /api/relayGasless` body fields', path: '/relayGasless', method: 'post', source: 'body' },
  { heading: '`GET /api/getStatus` query parameters', path: '/getStatus', method: 'get', source: 'query' },
  { heading: '`GET /api/getTransactions` query parameters', path: '/getTransactions', method: 'get', source: 'query' },
  ...(['search', 'getMarkets', 'getCurrentPositions', 'getClosedPositions', 'getTrades'] as const).map(
    (name) =>
      ({
        heading: `\`GET /api/workflows/venue/${name}\` query parameters`,
        path: `/workflows/venue/${name}`,
        method: 'get',
        source: 'query',
      }) as const,
  ),
  {
    heading: '`POST /api/workflows/venue/createOrFetchVenueUser` body fields',
    path: '/workflows/venue/createOrFetchVenueUser',
    method: 'post',
    source: 'body',
  },
  {
    heading: '`GET /api/workflows/getStatus` query parameters',
    path: '/workflows/getStatus',
    method: 'get',
    source: 'query',
  },
] as const
export type EndpointTable = (typeof ENDPOINT_TABLES)[number]

/** The document as a client reads it. */
export function documentJson(): JsonDocument {
  return JSON.parse(JSON.stringify(buildOpenApiDocument())) as JsonDocument
}

const refName = (ref: string) => ref.split('/').pop()!

function resolveSchema(document: JsonDocument, schema: JsonSchema): JsonSchema {
  return schema.$ref === undefined
    ? schema
    : resolveSchema(document, document.components.schemas[refName(schema.$ref)]!)
}

/** How the README writes a schema's type: a named schema by its name, an enum by its values, arrays with `[]`. */
export function typeOf(schema: JsonSchema): string {
  if (schema.$ref !== undefined) return refName(schema.$ref)
  if (schema.enum !== undefined) return schema.enum.map((value) => `\`${String(value)}\``).join(' / ')
  if (schema.type === 'array' && schema.items !== undefined) {
    const items = schema.items
    return items.properties === undefined ? `${typeOf(items)}[]` : `{${Object.keys(items.properties).join(', ')}}[]`
  }
  return schema.type ?? 'any'
}

/** The rule a schema states (bounds, pattern, default), for the README's rule column. */
function ruleOf(schema: JsonSchema, description: string, isRequired: boolean): string {
  const rules: string[] = []
  if (schema.minimum !== undefined && schema.maximum !== undefined) rules.push(`${schema.minimum} to ${schema.maximum}`)
  else if (schema.minimum !== undefined) rules.push(`≥ ${schema.minimum}`)
  if (schema.maxItems !== undefined) rules.push(`at most ${schema.maxItems} items`)
  if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`)
  if (schema.pattern !== undefined) rules.push(`\`${schema.pattern}\``)
  if (schema.default !== undefined) rules.push(`default \`${String(schema.default)}\``)
  // A required parameter that mentions it concerns some of its values (`venue`, non-EVM chains): not the parameter.
  if (!isRequired && /\*\*Not supported yet\*\*/.test(description)) rules.push('**not supported yet** (400)')
  return rules.join('; ') || '—'
}

/** "Required for `swap-action`" and the like, from a description; `undefined` when it says nothing of the kind. */
function requiredWhen(description: string): string | undefined {
  return /\bRequired ((?:for|unless|when) [^.;(:]+?)\s*(?:[.;(:]|$)/.exec(description)?.[1]
}

/** The fields of an endpoint's table as the document defines them, in the document's order. */
export function endpointFields(document: JsonDocument, table: EndpointTable): FieldRow[] {
  const operation = document.paths[table.path]![table.method]!
  if (table.source === 'body') {
    // `RegistrationRequest` is one object or an array of them (`anyOf`): the fields are the object's.
    const request = resolveSchema(document, operation.requestBody!.content['application/json']!.schema)
    const object = resolveSchema(document, request.anyOf?.[0] ?? request.oneOf?.[0] ?? request)
    return Object.entries(object.properties ?? {}).map(([name, schema]) => {
      const description = (schema as { description?: string }).description ?? ''
      const isRequired = object.required?.includes(name) ?? false
      return {
        name,
        type: typeOf(schema),
        required: isRequired ? 'yes' : 'no',
        rule: ruleOf(resolveSchema(document, schema), description, isRequired),
      }
    })
  }
  return (operation.parameters ?? [])
    .map((entry) => ('$ref' in entry ? document.components.parameters[refName(entry.$ref)]! : entry))
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => {
      const json = parameter.content?.['application/json']?.schema
      const schema = json ?? parameter.schema!
      const when = requiredWhen(parameter.description)
      return {
        name: parameter.name,
        type: json === undefined ? typeOf(schema) : `JSON ${typeOf(schema)}`,
        required: parameter.required === true ? 'yes' : when === undefined ? 'no' : when,
        rule: ruleOf(json ?? resolveSchema(document, schema), parameter.description, parameter.required === true),
      }
    })
}

/**
 * Every error code the document's error responses (`components.responses`) carry, with its schema's name and details.
 */
export function documentedErrors(document: JsonDocument): ErrorRow[] {
  const rows: ErrorRow[] = []
  for (const response of Object.values(document.components.responses)) {
    const envelope = resolveSchema(document, response.content!['application/json']!.schema)
    const error = envelope.properties!.error!
    const status = error.properties!.statusCode!.const as number
    for (const variant of error.oneOf ?? []) {
      const schema = resolveSchema(document, variant)
      const details = schema.properties!.details?.properties
      rows.push({
        status,
        code: schema.properties!.code!.const as string,
        name: schema.properties!.name!.const as string,
        details: Object.keys(details ?? {}),
      })
    }
  }
  return rows
}

const cell = (text: string) => text.replaceAll('|', '\\|')

/** The markdown table of one endpoint. */
export function endpointTable(document: JsonDocument, table: EndpointTable): string {
  const rows = endpointFields(document, table).map(
    (row) => `| ${[`\`${row.name}\``, row.type, row.required, row.rule].map(cell).join(' | ')} |`,
  )
  return ['| name | type | required | rule |', '|---|---|---|---|', ...rows].join('\n')
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const document = documentJson()
  for (const table of ENDPOINT_TABLES) console.log(`#### ${table.heading}\n\n${endpointTable(document, table)}\n`)
}
