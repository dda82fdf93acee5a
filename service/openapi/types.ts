/**
 * The part of the OpenAPI 3.1 object model this document uses (https://spec.openapis.org/oas/v3.1.0), typed so
 * that a misspelt field fails the type check rather than the validator. Schemas are JSON Schema 2020-12, the
 * dialect OpenAPI 3.1 uses.
 */

/** A reference to a component (`#/components/<kind>/<name>`). */
export interface Reference {
  $ref: string
  description?: string
}

/** A JSON Schema 2020-12 schema: the keywords this document uses. */
export interface Schema {
  $ref?: string
  title?: string
  description?: string
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'
  const?: string | number | boolean
  enum?: readonly (string | number | boolean)[]
  examples?: readonly unknown[]
  default?: unknown
  deprecated?: boolean
  // strings
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  // numbers
  minimum?: number
  maximum?: number
  // objects
  properties?: Readonly<Record<string, Schema>>
  required?: readonly string[]
  additionalProperties?: boolean | Schema
  // arrays
  items?: Schema
  minItems?: number
  maxItems?: number
  uniqueItems?: boolean
  // composition
  oneOf?: readonly Schema[]
  anyOf?: readonly Schema[]
  allOf?: readonly Schema[]
  if?: Schema
  then?: Schema
  else?: Schema
  not?: Schema
  /** OpenAPI's hint for tools: which property selects the `oneOf` branch. */
  discriminator?: { propertyName: string; mapping?: Readonly<Record<string, string>> }
}

/** A media type entry of `content`. */
export interface MediaType {
  schema: Schema
  examples?: Readonly<Record<string, { summary?: string; value: unknown }>>
}

/** A header of a response. */
export interface Header {
  description: string
  required?: boolean
  schema: Schema
}

/** A parameter (query or header). Exactly one of `schema` and `content`. */
export interface Parameter {
  name: string
  in: 'query' | 'header' | 'path' | 'cookie'
  description: string
  required?: boolean
  deprecated?: boolean
  style?: 'form' | 'simple'
  explode?: boolean
  schema?: Schema
  /** For a parameter serialized in a media type, e.g. JSON in a query string. */
  content?: Readonly<Record<string, MediaType>>
  examples?: Readonly<Record<string, { summary?: string; value: unknown }>>
}

/** A response. */
export interface Response {
  description: string
  headers?: Readonly<Record<string, Header | Reference>>
  content?: Readonly<Record<string, MediaType>>
}

/** A request body. */
export interface RequestBody {
  description: string
  required?: boolean
  content: Readonly<Record<string, MediaType>>
}

/** One operation (a method on a path). */
export interface Operation {
  operationId: string
  summary: string
  description?: string
  tags?: readonly string[]
  /** `[]` for a public operation; absent: the document's default (the API key). */
  security?: readonly Readonly<Record<string, readonly string[]>>[]
  parameters?: readonly (Parameter | Reference)[]
  requestBody?: RequestBody
  responses: Readonly<Record<string, Response | Reference>>
}

/** The operations of one path. */
export interface PathItem {
  summary?: string
  description?: string
  get?: Operation
  post?: Operation
  options?: Operation
}

/** A security scheme (only `apiKey` is used). */
export interface SecurityScheme {
  type: 'apiKey'
  in: 'header'
  name: string
  description: string
}

/** The whole document. */
export interface OpenApiDocument {
  openapi: '3.1.0'
  info: {
    title: string
    version: string
    summary?: string
    description: string
    license?: { name: string; identifier?: string }
  }
  jsonSchemaDialect?: string
  servers: readonly { url: string; description: string }[]
  security: readonly Readonly<Record<string, readonly string[]>>[]
  tags: readonly { name: string; description: string }[]
  paths: Readonly<Record<string, PathItem>>
  components: {
    schemas: Readonly<Record<string, Schema>>
    parameters: Readonly<Record<string, Parameter>>
    responses: Readonly<Record<string, Response>>
    headers: Readonly<Record<string, Header>>
    securitySchemes: Readonly<Record<string, SecurityScheme>>
  }
}
