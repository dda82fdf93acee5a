/**
 * The nesting limit on every JSON text a request carries (a POST body, the `appFees` query parameter), checked on the
 * text before it is parsed. V8's `JSON.parse` is iterative and accepts any depth, but everything that walks the
 * parsed value afterwards — schema validation, `JSON.stringify`, an error's display — recurses: 20,000 nested arrays
 * in a 40 KB body overflowed the stack (a 500, and 50–85 ms of worker time each, issue 24). Refusing on the text costs
 * one linear scan (~50 µs for that body) and allocates nothing.
 */

/**
 * Deepest nesting of arrays and objects accepted in a request's JSON. The deepest valid body is 5 levels
 * (`{"requests":[{"appFees":[{…}]}]}` in `POST /getActions`); 32 leaves room for any future shape, and is far below
 * what any recursive walk of the value can handle.
 */
export const MAX_JSON_DEPTH = 32

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d

/**
 * Whether a JSON text nests arrays and objects deeper than `maxDepth`. Brackets inside strings do not count. A
 * malformed text is judged as far as it reads; `JSON.parse` refuses it afterwards either way.
 *
 * @param text - the JSON text, unparsed.
 * @param maxDepth - the deepest nesting allowed; default `MAX_JSON_DEPTH`.
 * @returns `true` as soon as an opening bracket passes `maxDepth` (the rest is not read).
 * @example
 * isJsonTooDeep('[[1]]') // false
 * isJsonTooDeep('['.repeat(20_000) + ']'.repeat(20_000)) // true
 */
export function isJsonTooDeep(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === QUOTE) {
      index = closingQuote(text, index)
      if (index === -1) return false
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > maxDepth) return true
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--
    }
  }
  return false
}

/** The index of the quote that closes the string opened at `open`; -1 when the text ends first. */
function closingQuote(text: string, open: number): number {
  // indexOf skips a long string in native code; a quote preceded by an odd run of backslashes is escaped.
  let quote = text.indexOf('"', open + 1)
  while (quote !== -1) {
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return quote
    quote = text.indexOf('"', quote + 1)
  }
  return -1
}
