/**
 * Writes `service/client/schema.ts`: the TypeScript types of the OpenAPI document (`buildOpenApiDocument()`), made by
 * openapi-typescript. Run `npx tsx service/client/generate.ts` after changing the document; a test fails while the
 * committed file differs from what this produces.
 *
 * One adjustment before openapi-typescript sees the document: a query parameter serialized as JSON (`content:
 * {'application/json': …}`, i.e. `appFees`) gets that media type's schema as its `schema`. openapi-typescript 7 types
 * a `content` parameter as a bare `string`; with the schema it types the value the caller means (the fee objects),
 * and the client's query serializer does the JSON encoding (`JSON_QUERY_PARAMETERS` in `createClient.ts`).
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import { buildOpenApiDocument } from '../openapi/document.js'
import type { OpenApiDocument, Parameter } from '../openapi/types.js'

/** Where the generated types are committed. */
export const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url))

/** The command that regenerates `schema.ts`, as the header and the staleness test say it. */
export const GENERATE_COMMAND = 'npx tsx service/client/generate.ts'

const HEADER = `/**
 * Types of the crossroute HTTP API, generated from its OpenAPI document (\`buildOpenApiDocument()\`, served at
 * \`GET /api/openapi.json\`) by openapi-typescript. Do not edit: run \`${GENERATE_COMMAND}\`.
 */

`

/** The names of the query parameters serialized as JSON (`content: {'application/json': …}`) in `document`. */
export function jsonQueryParameterNames(document: OpenApiDocument): string[] {
  return Object.values(document.components.parameters)
    .filter((parameter) => parameter.in === 'query' && parameter.content?.['application/json'] !== undefined)
    .map((parameter) => parameter.name)
}

/** A copy of `parameter` typed by its JSON media type's schema, for openapi-typescript (see the file's comment). */
function withJsonSchema(parameter: Parameter): Parameter {
  const json = parameter.content?.['application/json']
  if (json === undefined) return parameter
  const { content: _content, ...rest } = parameter
  return { ...rest, schema: json.schema }
}

/**
 * Generates the text of `schema.ts` from the current document.
 *
 * @returns the TypeScript source: `paths`, `components`, `operations` and friends, types only
 * @example
 * writeFileSync(SCHEMA_FILE, await generateClientSchema())
 */
export async function generateClientSchema(): Promise<string> {
  const document = buildOpenApiDocument()
  const parameters = Object.fromEntries(
    Object.entries(document.components.parameters).map(([name, p]) => [name, withJsonSchema(p)]),
  )
  const input = { ...document, components: { ...document.components, parameters } }
  // A JSON round trip: openapi-typescript takes a plain OpenAPI object, which the document is once serialized.
  const ast = await openapiTS(JSON.parse(JSON.stringify(input)) as OpenAPI3)
  return HEADER + astToString(ast)
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_FILE, await generateClientSchema())
  console.log(`wrote ${SCHEMA_FILE}`)
}
