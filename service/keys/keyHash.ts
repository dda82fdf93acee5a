/**
 * The hash API keys are stored and looked up by. No runtime imports beyond `node:crypto`: the main thread (rate
 * limits) loads it without the engine.
 */
import { createHash } from 'node:crypto'

/**
 * SHA-256 of an API key, hex. A plain, unsalted hash suffices because keys are random (`cr_` + 256 bits): a
 * slow, salted KDF defends low-entropy passwords against guessing, which random keys do not need, and a
 * deterministic hash lets the key ring index keys by it.
 *
 * @param plaintextKey - the key as the client sends it in `x-api-key`.
 * @returns 64 lower-case hex digits.
 *
 * @example
 * hashApiKey('dev-key-alpha') // '07afa138e4ff…818d'
 */
export function hashApiKey(plaintextKey: string): string {
  return createHash('sha256').update(plaintextKey, 'utf8').digest('hex')
}
