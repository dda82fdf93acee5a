/**
 * The one rule for showing a caller's value in an error (`details.value`, `details.address`, a message): typed, cut
 * to `DISPLAY_MAX_CHARS` characters, and never walking more of a structure than it shows. A request can carry a
 * 1 MB string or a value nested thousands of levels deep; echoing either whole made 1 MB error bodies, and
 * `JSON.stringify` on the nested one overflowed the stack (a 500). The error classes that echo a caller's text
 * (`InvalidParameterError`, `InvalidAddressError`, `UnsupportedSwapDirectionError`) apply it themselves, so no
 * caller can forget it.
 */

/**
 * Longest text shown for a caller's value. Long enough for every well-formed identifier the API takes to be shown
 * whole (a 66-character transaction hash, an 88-character Solana signature, a 132-character EVM signature), short
 * enough that an error body stays well under 1 KB whatever was sent.
 */
export const DISPLAY_MAX_CHARS = 160

/** How deep a structure's preview goes; deeper levels show as `[…]` / `{…}`. */
const PREVIEW_DEPTH = 4
const ELLIPSIS = '…'

/**
 * A text cut to `DISPLAY_MAX_CHARS` characters (UTF-16 units): unchanged when it fits, else its beginning and `…`
 * (`DISPLAY_MAX_CHARS` long, or one less where the cut would split a surrogate pair).
 *
 * @param text - the text as received.
 * @returns the text to show.
 * @example cutText('a'.repeat(1_000_000)).length // 160, ending in '…'
 */
export function cutText(text: string): string {
  if (text.length <= DISPLAY_MAX_CHARS) return text
  let end = DISPLAY_MAX_CHARS - 1
  // Never half of a surrogate pair: the cut text stays well-formed (an emoji is two UTF-16 units).
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${text.slice(0, end)}${ELLIPSIS}`
}

/**
 * A caller's value as error text: a string as it is, a number, boolean, bigint or `null` as its literal, an array or
 * object as the beginning of its JSON (at most `PREVIEW_DEPTH` levels, and no more items than the text can show);
 * then cut by `cutText`. Costs a bounded amount of work whatever the value's size or depth.
 *
 * @param value - any value (parsed JSON, a query parameter, …).
 * @returns at most `DISPLAY_MAX_CHARS` characters.
 * @example
 * displayValue('0xabc') // '0xabc'
 * displayValue([[['x']]]) // '[[["x"]]]'
 * displayValue(JSON.parse('['.repeat(20_000) + ']'.repeat(20_000))) // '[[[[…]]]]'
 */
export function displayValue(value: unknown): string {
  if (typeof value === 'string') return cutText(value)
  const parts: string[] = []
  preview(value, 0, parts, { length: 0 })
  return cutText(parts.join(''))
}

/** Appends `value`'s preview to `parts`, stopping once `shown.length` passes the limit (recursion ≤ PREVIEW_DEPTH). */
function preview(value: unknown, depth: number, parts: string[], shown: { length: number }): void {
  const push = (text: string) => {
    parts.push(text)
    shown.length += text.length
  }
  if (value === null || typeof value !== 'object') {
    push(typeof value === 'string' ? JSON.stringify(cutText(value)) : String(value))
    return
  }
  const isArray = Array.isArray(value)
  const [open, close] = isArray ? ['[', ']'] : ['{', '}']
  if (depth >= PREVIEW_DEPTH) {
    push(`${open}${ELLIPSIS}${close}`)
    return
  }
  push(open)
  if (isArray) {
    // An index loop: for…in would first build the key of every item of a huge array.
    for (let index = 0; index < value.length && shown.length <= DISPLAY_MAX_CHARS; index++) {
      if (index > 0) push(',')
      preview(value[index], depth + 1, parts, shown)
    }
  } else {
    let count = 0
    for (const key in value) {
      if (shown.length > DISPLAY_MAX_CHARS) break
      if (!Object.hasOwn(value, key)) continue
      if (count++ > 0) push(',')
      push(`${JSON.stringify(cutText(key))}:`)
      preview((value as Record<string, unknown>)[key], depth + 1, parts, shown)
    }
  }
  push(close)
}
