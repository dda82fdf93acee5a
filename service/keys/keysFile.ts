/**
 * The API keys file: format and validation. A keys file is imported into the store (`importKeysFile`: the
 * development keys by default, `KEYS_FILE` at start, `npm run keys:import`); the `keys` CLI validates a new key
 * with the same rules.
 */
import { compileValidator, rules, schemas } from '../../engine/index.js'
import type { ApiKeyRecord } from '../types.js'
import { hashApiKey } from './keyHash.js'
import { FEE_FAMILIES, feeFamiliesOf } from './keyFees.js'

export { hashApiKey }

/** The only format version so far. */
export const KEYS_FILE_VERSION = 1

/** One key as stored: what the key grants, and the SHA-256 of the key instead of the key. */
export interface StoredApiKey extends ApiKeyRecord {
  /** SHA-256 of the plaintext key (UTF-8), 64 lower-case hex digits. */
  readonly keyHash: string
}

/** The keys file (JSON). `development: true` marks a file that production refuses. */
export interface KeysFile {
  readonly version: typeof KEYS_FILE_VERSION
  readonly development: boolean
  /** Free text for humans, e.g. where the plaintext of development keys is documented. */
  readonly comment?: string
  readonly keys: readonly StoredApiKey[]
}

/** A keys file that is not valid JSON or breaks a rule; the message names the file and the entry. */
export class InvalidKeysFileError extends Error {
  override readonly name = 'InvalidKeysFileError'
  /** The file, as given. */
  readonly path: string
  /** The entry at fault (`keys[1] (keyId "x")`), when the problem is in one entry. */
  readonly entry: string | undefined

  constructor({ path, entry, reason }: { path: string; entry?: string; reason: string }) {
    super(`Invalid keys file ${path}: ${entry === undefined ? '' : `${entry}: `}${reason}`)
    this.path = path
    this.entry = entry
  }
}

/** Ids travel in comma-separated query parameters (`appIds`) and logs: no commas, spaces or quotes. */
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/
const HASH = /^[0-9a-f]{64}$/
const ENTRY_FIELDS = ['keyId', 'keyHash', 'appId', 'orgId', 'appName', 'affiliateId', 'gasless', 'appFees'] as const
const FILE_FIELDS = ['version', 'development', 'comment', 'keys']
const FEE_FIELDS = ['bps', 'receiverAddress']

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Checks a parsed keys file and returns it typed, with frozen entries.
 *
 * Rules: `version` 1; `development` boolean (absent: false); `keys` an array of entries with exactly the fields
 * of `StoredApiKey` (an unknown field is rejected, so a plaintext `key` cannot slip in); ids match
 * `[A-Za-z0-9][A-Za-z0-9._:-]{0,63}`; `keyHash` 64 lower-case hex; `keyId` and `keyHash` unique; all keys of an
 * app belong to the same org (SPEC §5.4); `appFees` entries have integer `bps` from 1 to 9999 and a
 * `receiverAddress` that is a wallet address of some VM — its address family (`keyFees.ts`): a request from a chain
 * of that VM gets the entry. Per family, at most `APP_FEES_MAX` entries adding up to less than 10000 bps (what one
 * request may carry); an entry applies to every family its address belongs to (EVM and HyperCore share one).
 *
 * @param value - the result of `JSON.parse` on the file.
 * @param path - the file path, for messages.
 * @returns the validated file.
 * @throws InvalidKeysFileError naming the entry and the rule it breaks.
 *
 * @example
 * const file = parseKeysFile(JSON.parse(readFileSync(path, 'utf8')), path)
 */
export function parseKeysFile(value: unknown, path: string): KeysFile {
  const fail = (reason: string, entry?: string): never => {
    throw new InvalidKeysFileError(entry === undefined ? { path, reason } : { path, entry, reason })
  }
  if (!isObject(value)) return fail('the file must hold a JSON object')
  const unknownField = Object.keys(value).find((field) => !FILE_FIELDS.includes(field))
  if (unknownField !== undefined) fail(`unknown top-level field "${unknownField}"`)
  if (value.version !== KEYS_FILE_VERSION) fail(`"version" must be ${KEYS_FILE_VERSION}`)
  if (value.development !== undefined && typeof value.development !== 'boolean') fail('"development" must be a boolean')
  if (value.comment !== undefined && typeof value.comment !== 'string') fail('"comment" must be a string')
  if (!Array.isArray(value.keys)) return fail('"keys" must be an array')

  const keyIds = new Set<string>()
  const hashes = new Set<string>()
  const orgOfApp = new Map<string, string>()
  const keys = value.keys.map((raw: unknown, index: number) => {
    const entry = parseEntry(raw, `keys[${index}]`, fail)
    const label = `keys[${index}] (keyId "${entry.keyId}")`
    if (keyIds.has(entry.keyId)) fail('duplicate keyId', label)
    if (hashes.has(entry.keyHash)) fail('duplicate keyHash: the same key is listed twice', label)
    const org = orgOfApp.get(entry.appId)
    if (org !== undefined && org !== entry.orgId) fail(`app "${entry.appId}" already belongs to org "${org}"`, label)
    keyIds.add(entry.keyId)
    hashes.add(entry.keyHash)
    orgOfApp.set(entry.appId, entry.orgId)
    return entry
  })
  const file: KeysFile = {
    version: KEYS_FILE_VERSION,
    development: value.development === true,
    ...(typeof value.comment === 'string' ? { comment: value.comment } : {}),
    keys: Object.freeze(keys),
  }
  return Object.freeze(file)
}

function parseEntry(raw: unknown, at: string, fail: (reason: string, entry?: string) => never): StoredApiKey {
  if (!isObject(raw)) return fail('must be an object', at)
  const label = typeof raw.keyId === 'string' ? `${at} (keyId "${raw.keyId}")` : at
  const unknownField = Object.keys(raw).find((field) => !(ENTRY_FIELDS as readonly string[]).includes(field))
  if (unknownField !== undefined) {
    fail(`unknown field "${unknownField}" (entries store only keyHash, never a plaintext key)`, label)
  }
  for (const field of ['keyId', 'appId', 'orgId', 'affiliateId'] as const) {
    const id = raw[field]
    if (typeof id !== 'string' || !ID.test(id))
      fail(`"${field}" must be an id (letters, digits, . _ : -; 1 to 64)`, label)
  }
  if (typeof raw.keyHash !== 'string' || !HASH.test(raw.keyHash)) {
    fail('"keyHash" must be the SHA-256 of the key as 64 lower-case hex digits', label)
  }
  if (typeof raw.appName !== 'string' || raw.appName.trim() === '' || raw.appName.length > 200) {
    fail('"appName" must be a non-empty string of at most 200 characters', label)
  }
  if (typeof raw.gasless !== 'boolean') fail('"gasless" must be a boolean', label)
  if (!Array.isArray(raw.appFees)) return fail('"appFees" must be an array (empty for none)', label)
  const appFees = raw.appFees.map((fee: unknown, index: number) => parseFee(fee, `${label} appFees[${index}]`, fail))
  // One request gets the entries of its source chain's family: each family's entries obey a request's limits.
  for (const vm of FEE_FAMILIES) {
    const family = appFees.filter((fee) => fee.families.includes(vm))
    if (family.length > rules.APP_FEES_MAX) {
      fail(`"appFees" has at most ${rules.APP_FEES_MAX} entries per address family (${vm} has ${family.length})`, label)
    }
    if (family.reduce((sum, fee) => sum + fee.bps, 0) >= rules.FEES_TOTAL_LIMIT_BPS) {
      fail(
        `the "appFees" of one address family (${vm}) must add up to less than ${rules.FEES_TOTAL_LIMIT_BPS} bps`,
        label,
      )
    }
  }
  return Object.freeze({
    keyId: raw.keyId as string,
    keyHash: raw.keyHash as string,
    appId: raw.appId as string,
    orgId: raw.orgId as string,
    appName: raw.appName as string,
    affiliateId: raw.affiliateId as string,
    gasless: raw.gasless as boolean,
    appFees: Object.freeze(appFees.map(({ bps, receiverAddress }) => Object.freeze({ bps, receiverAddress }))),
  })
}

const appFeeValidator = compileValidator(schemas.AppFee)

function parseFee(raw: unknown, at: string, fail: (reason: string, entry?: string) => never) {
  if (!isObject(raw)) return fail('must be an object {bps, receiverAddress}', at)
  const unknownField = Object.keys(raw).find((field) => !FEE_FIELDS.includes(field))
  if (unknownField !== undefined) fail(`unknown field "${unknownField}"`, at)
  const { bps, receiverAddress } = raw
  // The same fee schema as a request's `appFees` (engine/schema): one rule for both.
  if (!appFeeValidator.check({ bps, receiverAddress: 'x' })) {
    fail(`"bps" must be an integer from ${rules.APP_FEE_MIN_BPS} to ${rules.APP_FEE_MAX_BPS}`, at)
  }
  const families = typeof receiverAddress === 'string' ? feeFamiliesOf(receiverAddress) : []
  if (families.length === 0) fail('"receiverAddress" must be a wallet address (EVM, Solana, Bitcoin or Tron)', at)
  return { bps: bps as number, receiverAddress: receiverAddress as string, families }
}
