/**
 * The venue's configuration (environment variables): which venue the reads of `/workflows/venue/*` go to. The
 * fixture venue is the default; setting both base URLs selects the real venue's APIs (`realVenue.ts`).
 */
import { resolve } from 'node:path'
import { packagePath } from '../../engine/packagePath.js'

/** The venue part of `ServiceConfig`. */
export interface VenueConfig {
  /** `VENUE_FIXTURE_PATH`, default `fixtures/venue/venue.json`: the fixture venue's data. */
  readonly fixturePath: string
  /**
   * `VENUE_GAMMA_URL` and `VENUE_DATA_URL` (both or neither): base URLs of the venue's Gamma API (search, markets)
   * and Data API (positions, trades), e.g. `https://gamma-api.polymarket.com` and `https://data-api.polymarket.com`.
   * Absent: the fixture venue.
   */
  readonly real?: { readonly gammaUrl: string; readonly dataUrl: string }
  /** `VENUE_TIMEOUT_MS`, default 10000: how long a request to the real venue may take before 503. */
  readonly timeoutMs: number
}

function httpUrl(name: string, raw: string): string {
  let protocol = ''
  try {
    protocol = new URL(raw).protocol
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got ${raw}`)
  return raw.replace(/\/+$/, '')
}

/**
 * Reads the venue configuration.
 *
 * @throws Error naming the variable: a URL that is not http(s), one of the two URLs without the other, a bad timeout.
 * @example loadVenueConfig({ VENUE_GAMMA_URL: 'http://127.0.0.1:9000', VENUE_DATA_URL: 'http://127.0.0.1:9001' })
 */
export function loadVenueConfig(env: NodeJS.ProcessEnv): VenueConfig {
  const gamma = env.VENUE_GAMMA_URL ?? ''
  const data = env.VENUE_DATA_URL ?? ''
  if ((gamma === '') !== (data === '')) throw new Error('VENUE_GAMMA_URL and VENUE_DATA_URL are set together')
  const timeoutText = env.VENUE_TIMEOUT_MS ?? ''
  const timeoutMs = timeoutText === '' ? 10_000 : Number(timeoutText)
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 120_000)
    throw new Error(`VENUE_TIMEOUT_MS must be an integer from 1 to 120000, got ${timeoutText}`)
  return Object.freeze({
    fixturePath: resolve(env.VENUE_FIXTURE_PATH || packagePath('fixtures/venue/venue.json')),
    ...(gamma === ''
      ? {}
      : { real: { gammaUrl: httpUrl('VENUE_GAMMA_URL', gamma), dataUrl: httpUrl('VENUE_DATA_URL', data) } }),
    timeoutMs,
  })
}
