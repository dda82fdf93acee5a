/**
 * Query-string decoding driven by the parameters' schemas: each parameter is declared once (name, schema,
 * description, whether always required, how it is encoded), and from that one declaration come the decoding of
 * its text, its validation (with the spec's errors) and its OpenAPI parameter object.
 */
import type { ParsedUrlQuery } from 'node:querystring'
import { type TObject, type TSchema, Type } from '@sinclair/typebox'
import {
  InvalidParameterError,
  MissingRequiredFieldError,
  type Validator,
  compileValidator,
} from '../../engine/index.js'
import { MAX_JSON_DEPTH, isJsonTooDeep } from './jsonDepth.js'

/** A parsed query string, as Koa's `ctx.query` gives it: repeated names become arrays. */
export type Query = Readonly<ParsedUrlQuery>

/** How a parameter's value is written in the query string. */
export type QueryEncoding =
  /** One value, converted by the schema's type (integer, number, boolean or string). */
  | 'single'
  /** Repeated (`a=x&a=y`), comma-separated (`a=x,y`) or both; duplicates dropped. */
  | 'list'
  /** One value holding JSON (SPEC §4.1 `appFees`). */
  | 'json'

/** One query parameter, declared once. */
export interface QueryParameter {
  readonly name: string
  /** The decoded value's schema (validation, TypeScript type, OpenAPI). */
  readonly schema: TSchema
  /** The OpenAPI description: when it is required, its rules, the error a bad value gets. */
  readonly description: string
  /** Required on every request of the endpoint (`MISSING_REQUIRED_FIELD`); conditional rules live in code. */
  readonly isRequired?: boolean
  readonly encoding?: QueryEncoding
}

/** Lexical forms of numbers in a query string: plain decimals, no sign, exponent or leading zeros. */
const INTEGER = /^(?:0|[1-9][0-9]{0,15})$/
const DECIMAL = /^[0-9]{1,16}(?:\.[0-9]{1,32})?$/

/**
 * Declares a parameter.
 *
 * @example queryParameter('page', Type.Integer({ minimum: 1 }), 'Page number, from 1.')
 */
export function queryParameter(
  name: string,
  schema: TSchema,
  description: string,
  options: { isRequired?: boolean; encoding?: QueryEncoding } = {},
): QueryParameter {
  return { name, schema, description, ...options }
}

/** A compiled decoder of an endpoint's query string. */
export interface QueryDecoder {
  readonly parameters: readonly QueryParameter[]
  /**
   * Decodes and validates a query: absent and empty values are dropped, repeated single values refused, texts
   * converted by their schema's type, then the whole object checked against the schemas.
   *
   * @param context - `MissingRequiredFieldError.details.context` for an always-required parameter.
   * @throws MissingRequiredFieldError, InvalidParameterError, InvalidAddressError, UnsupportedSwapDirectionError
   */
  decode(query: Query, context: string): Record<string, unknown>
  /** The text of a parameter as received (repeated values joined with `,`), for error details. */
  raw(query: Query, name: string): string | undefined
}

/**
 * Compiles an endpoint's parameters into a decoder.
 *
 * @example
 * const decoder = queryDecoder([queryParameter('txId', Type.String(), '…', { isRequired: true })])
 * decoder.decode(ctx.query, 'getStatus') // { txId: '0x…' }
 */
export function queryDecoder(parameters: readonly QueryParameter[]): QueryDecoder {
  const object: TObject = Type.Object(
    Object.fromEntries(
      parameters.map((parameter) => [
        parameter.name,
        parameter.isRequired ? parameter.schema : Type.Optional(parameter.schema),
      ]),
    ),
  )
  const validator: Validator<TObject> = compileValidator(object)
  const raw = (query: Query, name: string): string | undefined => {
    const value = query[name]
    if (value === undefined) return undefined
    return Array.isArray(value) ? value.join(',') : value
  }
  return {
    parameters,
    raw,
    decode(query: Query, context: string): Record<string, unknown> {
      const decoded: Record<string, unknown> = {}
      for (const parameter of parameters) {
        const value = decodeParameter(parameter, query[parameter.name])
        if (value !== undefined) decoded[parameter.name] = value
      }
      for (const parameter of parameters) {
        if (parameter.isRequired && decoded[parameter.name] === undefined) {
          throw new MissingRequiredFieldError({ field: parameter.name, context })
        }
      }
      validator.assert(decoded, { context, rawValueOf: (name) => raw(query, name) })
      return decoded
    },
  }
}

function decodeParameter(parameter: QueryParameter, value: string | string[] | undefined): unknown {
  if (value === undefined || value === '') return undefined
  const { name, schema } = parameter
  const invalid = (text: string, reason: string) => new InvalidParameterError({ parameter: name, value: text, reason })
  if (parameter.encoding === 'list') {
    const items = (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(','))
    if (items.includes('')) throw invalid(Array.isArray(value) ? value.join(',') : value, 'empty item')
    // Each item is converted by the items' type; a bad item is reported on its own (`details.value` is the item).
    const itemSchema = (schema as { items?: TSchema }).items
    return [...new Set(items)].map((item) =>
      itemSchema === undefined ? item : decodeScalar(itemSchema, item, invalid),
    )
  }
  if (Array.isArray(value)) throw invalid(value.join(','), 'given more than once; it takes a single value')
  if (parameter.encoding === 'json') {
    // The same nesting limit as a body's (`routes/body.ts`): validation and error display walk the value recursively.
    if (isJsonTooDeep(value)) throw invalid(value, `arrays and objects nested deeper than ${MAX_JSON_DEPTH} levels`)
    try {
      return JSON.parse(value) as unknown
    } catch {
      const reason = (schema as { 'x-reason'?: string })['x-reason']
      throw invalid(value, `not valid JSON: ${reason ?? 'expected JSON'}`)
    }
  }
  return decodeScalar(schema, value, invalid)
}

/** One value's text converted by its schema's type (integer, number, boolean; anything else stays a string). */
function decodeScalar(schema: TSchema, value: string, invalid: (text: string, reason: string) => Error): unknown {
  const reason = (schema as { 'x-reason'?: string })['x-reason']
  switch (schema.type) {
    case 'integer':
      // Unsafe integers are refused here, as written: converted, they would be reported as another number.
      if (!INTEGER.test(value) || !Number.isSafeInteger(Number(value)))
        throw invalid(value, `${reason ?? 'must be an integer'}, written without sign, leading zeros or exponent`)
      return Number(value)
    case 'number':
      if (!DECIMAL.test(value))
        throw invalid(value, `${reason ?? 'must be a number'}, written as a plain decimal (e.g. 50 or 12.5)`)
      return Number(value)
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw invalid(value, 'must be true or false')
      return value === 'true'
    default:
      return value
  }
}
