/**
 * Per-use annotations on a shared schema: the same schema (same TypeScript type, same checks, same OpenAPI
 * component) with the description or default of the place it is used.
 */
import type { TSchema } from '@sinclair/typebox'

/**
 * The schema with a description for one place of use.
 *
 * @example described(ChainId, 'Source chain.')
 */
export function described<T extends TSchema>(schema: T, description: string): T {
  return { ...schema, description }
}

/**
 * The schema with a default value (documentation: the parse applies defaults itself).
 *
 * @example withDefault(SwapDirection, 'exact-amount-in')
 */
export function withDefault<T extends TSchema>(schema: T, value: unknown): T {
  return { ...schema, default: value }
}
