/**
 * The one reader of integer environment variables, shared by `config.ts` and the configuration modules beside it.
 */

/**
 * An integer variable of `env`: `fallback` when unset or empty.
 *
 * @throws Error naming the variable when the value is not an integer from `min` to `max`.
 * @example envInteger(process.env, 'PORT', 3000, 0, 65_535)
 */
export function envInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`)
  }
  return value
}
