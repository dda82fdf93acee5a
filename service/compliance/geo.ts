/**
 * Geo-blocking (SPEC §5.6, §7.2 `GEO_BLOCKED`) by the country a trusted fronting proxy puts in a header.
 *
 * Trust model: the proxy (Cloudflare's `cf-ipcountry` by default) overwrites the header on every request, and
 * the service is reachable only through it. A request without the header, or with `XX` (Cloudflare: country
 * unknown) or `T1` (Cloudflare: Tor exit node), is allowed unless the code itself is in `GEO_BLOCKED`:
 * operators who must refuse Tor or unattributable traffic add `T1` or `XX` there. Wallet screening still applies.
 */
import { GeoBlockingError } from '../errors.js'
import type { ServiceConfig } from '../config.js'

/** Countries under comprehensive US sanctions programmes (the default `GEO_BLOCKED`). */
export const COMPREHENSIVELY_SANCTIONED: ReadonlySet<string> = new Set(['CU', 'IR', 'KP', 'SY'])

/** ISO 3166-1 alpha-2, plus Cloudflare's pseudo-codes `T1` (Tor) and `XX` (unknown). */
const COUNTRY_CODE = /^[A-Z][A-Z0-9]$/

/** Names `Intl.DisplayNames` lacks or renders as the bare code. */
const PSEUDO_COUNTRY_NAMES: Readonly<Record<string, string>> = { T1: 'Tor network', XX: 'Unknown country' }

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })

/**
 * The English name of a country code: `Intl.DisplayNames` (Node's full ICU), with names for Cloudflare's
 * pseudo-codes; the code itself when nothing better is known.
 *
 * @param countryCode - upper-case two-character code.
 * @returns e.g. `North Korea`.
 *
 * @example
 * countryName('KP') // 'North Korea'
 * countryName('T1') // 'Tor network'
 */
export function countryName(countryCode: string): string {
  const pseudo = PSEUDO_COUNTRY_NAMES[countryCode]
  if (pseudo !== undefined) return pseudo
  try {
    return REGION_NAMES.of(countryCode) ?? countryCode
  } catch {
    return countryCode
  }
}

/** Decides GEO_BLOCKED for a request; built once per worker. */
export interface GeoPolicy {
  /** The lower-case header name. */
  readonly header: string
  readonly blocked: ReadonlySet<string>
  /**
   * The error to throw for a header value, or `undefined` to allow. Case and spaces do not matter; a value
   * with several comma-separated codes (a repeated header) is blocked when any code is.
   */
  check(headerValue: string | undefined, now: Date): GeoBlockingError | undefined
}

/**
 * Builds the geo policy from the configuration.
 *
 * @param config - `geoHeader` (trusted header name) and `geoBlocked` (codes; replaces the defaults entirely).
 * @returns the policy.
 * @throws Error naming `GEO_BLOCKED` when a code is not two letters/digits, and `GEO_HEADER` when empty.
 *
 * @example
 * const geo = createGeoPolicy({ geoHeader: 'cf-ipcountry', geoBlocked: ['KP'] })
 * geo.check('kp', new Date())?.details.countryName // 'North Korea'
 */
export function createGeoPolicy(config: Pick<ServiceConfig, 'geoHeader' | 'geoBlocked'>): GeoPolicy {
  const header = config.geoHeader.trim().toLowerCase()
  if (header === '') throw new Error('GEO_HEADER must name a header')
  const blocked = new Set<string>()
  for (const raw of config.geoBlocked) {
    const code = raw.trim().toUpperCase()
    if (!COUNTRY_CODE.test(code))
      throw new Error(`GEO_BLOCKED: ${JSON.stringify(raw)} is not a two-character country code`)
    blocked.add(code)
  }
  return Object.freeze({
    header,
    blocked,
    check(headerValue: string | undefined, now: Date): GeoBlockingError | undefined {
      if (headerValue === undefined || headerValue === '' || blocked.size === 0) return undefined
      for (const part of headerValue.split(',')) {
        const countryCode = part.trim().toUpperCase()
        if (!blocked.has(countryCode)) continue
        return new GeoBlockingError({
          countryCode,
          countryName: countryName(countryCode),
          reason: COMPREHENSIVELY_SANCTIONED.has(countryCode)
            ? 'comprehensively sanctioned jurisdiction'
            : 'jurisdiction blocked by service policy',
          blockedAt: now.toISOString(),
        })
      }
      return undefined
    },
  })
}
