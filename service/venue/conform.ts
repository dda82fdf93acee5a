/**
 * Conforms a record of the real venue to its SPEC §2.7 schema: every field of the schema present with its type,
 * fields the schema does not know dropped. The venue's APIs leave fields out, send `null`, numbers as strings
 * (`"0.48"`), date-times in other formats (`2024-01-05 18:00:00+00`), and since protocol V2 token ids as a plain
 * array (`positionIds`) rather than the JSON string `clobTokenIds` (research file §0, §1.3); each is mapped here,
 * driven by the schema itself, so that the answer has exactly the fixture venue's shape.
 */
import type { TSchema } from '@sinclair/typebox'

type Json = unknown

const isPlainObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** An ISO 8601 UTC date-time, or `''` when the venue has none (or an unreadable one). */
function dateTime(value: Json): string {
  if (typeof value !== 'string' && typeof value !== 'number') return ''
  const text = typeof value === 'string' ? value.replace(' ', 'T').replace(/\+00(?::?00)?$/, 'Z') : value
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? '' : date.toISOString()
}

function scalarString(value: Json): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  // JSON-in-a-string fields (`outcomes`, `clobTokenIds`) arriving as arrays are re-encoded as the spec's string.
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

function conformValue(schema: TSchema, value: Json): Json {
  if (schema['x-component'] === 'VenueDateTime') return dateTime(value)
  if (Array.isArray(schema.anyOf)) {
    // A union of literals (a trade's side): the value when it is one of them, else the first.
    const literals = (schema.anyOf as { const: string }[]).map((item) => item.const)
    const text = scalarString(value).toUpperCase()
    return literals.includes(text) ? text : literals[0]
  }
  switch (schema.type) {
    case 'string':
      return scalarString(value)
    case 'number':
    case 'integer': {
      const number = typeof value === 'number' ? value : Number(scalarString(value) || 'NaN')
      if (!Number.isFinite(number)) return 0
      return schema.type === 'integer' ? Math.trunc(number) : number
    }
    case 'boolean':
      return value === true || value === 'true'
    case 'array':
      return Array.isArray(value) ? value.map((item) => conformValue(schema.items as TSchema, item)) : []
    case 'object':
      if (schema.properties === undefined) return isPlainObject(value) ? value : {}
      return conform(schema, value)
    default:
      return value
  }
}

/**
 * `value` shaped by an object schema: each property conformed by its own schema (absent ones get their type's
 * neutral value: `''`, `0`, `false`, `[]`, `{}`), an optional property kept only when present, others dropped.
 *
 * @example conform(VenueTag, { id: 21, label: 'Crypto', slug: 'crypto', event_count: 12 })
 * // { id: '21', label: 'Crypto', slug: 'crypto', publishedAt: '', forceShow: false, … }
 */
export function conform<T>(schema: TSchema, value: Json): T {
  const record = isPlainObject(value) ? value : {}
  const required = new Set((schema.required as string[] | undefined) ?? [])
  const out: Record<string, Json> = {}
  for (const [name, property] of Object.entries(schema.properties as Record<string, TSchema>)) {
    if (!required.has(name) && (record[name] === undefined || record[name] === null)) continue
    out[name] = conformValue(property, record[name])
  }
  return out as T
}
