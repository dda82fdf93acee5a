/**
 * The Bitcoin module. Mainnet addresses: P2PKH (`1…`), P2SH (`3…`), P2WPKH and P2WSH (`bc1q…`), P2TR (`bc1p…`);
 * transaction ids are 64 hex digits.
 */
import { bech32, bech32m } from 'bech32'
import { decodeBase58check } from './base58check.js'
import { bytesToHex } from './codecs.js'
import { altVmTxHashProblem } from './tron.js'
import type { VmModule } from './vmModule.js'

/**
 * The native-token sentinel on Bitcoin (LI.FI's convention, research §2). It is a *token* address, accepted by
 * `addressProblem` through the native-sentinel rule; it is not an address anyone can hold coins at, and
 * `bitcoinAddressProblem` and `walletAddressProblem` reject it.
 */
export const BITCOIN_NATIVE_TOKEN = 'bitcoin'

const BASE58_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{25,35}$/
/** Human-readable part, separator `1`, then data and checksum in the bech32 alphabet; 90 characters at most. */
const BECH32_SHAPE = /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{6,87}$/i
const BECH32_MAX_LENGTH = 90
/** Version byte and 20-byte hash. */
const BASE58_PAYLOAD_BYTES = 21
/** Version bytes of base58check payloads (Bitcoin Core's chainparams). */
const MAINNET_VERSIONS: ReadonlySet<number> = new Set([0x00, 0x05])
const TESTNET_VERSIONS: ReadonlySet<number> = new Set([0x6f, 0xc4])
const TESTNET_REASON = 'testnet address; only Bitcoin mainnet is accepted'

/**
 * Why a string is not a Bitcoin mainnet address, or `undefined` when it is one.
 *
 * Base58: base58check of 21 bytes with version 0x00 (P2PKH) or 0x05 (P2SH). Bech32 (BIP173/BIP350): witness
 * version 0 with a bech32 checksum and a 20- or 32-byte program, version 1 (P2TR) with a bech32m checksum and a
 * 32-byte program. Like Bitcoin Core, a taproot key is not checked to be on the curve. Witness versions 2 to 16
 * have no defined output type yet and are rejected.
 *
 * @param address - the address as received; bech32 may be all lower or all upper case.
 * @returns `undefined` when valid, else a short human reason.
 *
 * @example
 * bitcoinAddressProblem('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // undefined
 * bitcoinAddressProblem('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')
 * // → 'testnet address; only Bitcoin mainnet is accepted'
 * bitcoinAddressProblem('bitcoin') // 'not a Bitcoin address (base58 or bech32)': the sentinel is a token, not a wallet
 */
export function bitcoinAddressProblem(address: string): string | undefined {
  const bech32Match = BECH32_SHAPE.exec(address)
  if (bech32Match !== null) return bech32Problem(address, (bech32Match[1] as string).toLowerCase())
  if (BASE58_SHAPE.test(address)) return base58Problem(address)
  return 'not a Bitcoin address (base58 or bech32)'
}

function bech32Problem(address: string, prefix: string): string | undefined {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return 'mixed-case bech32'
  // The first data character is the witness version; BIP350: version 0 uses bech32, later versions bech32m.
  const isWitnessV0 = address[prefix.length + 1]!.toLowerCase() === 'q'
  const decoded = (isWitnessV0 ? bech32 : bech32m).decodeUnsafe(address, BECH32_MAX_LENGTH)
  if (decoded === undefined || decoded.words.length === 0) return 'bad checksum'
  const program = (isWitnessV0 ? bech32 : bech32m).fromWordsUnsafe(decoded.words.slice(1))
  if (program === undefined) return 'bad checksum'
  if (prefix === 'tb') return TESTNET_REASON
  if (prefix === 'bcrt') return 'regtest address; only Bitcoin mainnet is accepted'
  const version = decoded.words[0] as number
  if (version === 1) {
    return program.length === 32 ? undefined : 'not a taproot address (witness v1 program must be 32 bytes)'
  }
  if (version !== 0) return `unsupported segwit version ${version}`
  return program.length === 20 || program.length === 32 ? undefined : 'witness v0 program must be 20 or 32 bytes'
}

function base58Problem(address: string): string | undefined {
  const { payload, problem } = decodeBase58check(address, BASE58_PAYLOAD_BYTES)
  if (problem !== undefined) return problem
  const version = payload[0] as number
  if (MAINNET_VERSIONS.has(version)) return undefined
  if (TESTNET_VERSIONS.has(version)) return TESTNET_REASON
  return `not a Bitcoin address (version byte 0x${version.toString(16).padStart(2, '0')})`
}

/**
 * The Bitcoin module: `vmId` `alt-vm`, mainnet addresses, hex transaction ids.
 *
 * @example
 * bitcoinModule.addressProblem('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // undefined
 */
export const bitcoinModule: VmModule = Object.freeze({
  vm: 'bitcoin',
  vmId: 'alt-vm',
  nativeToken: BITCOIN_NATIVE_TOKEN,
  addressFamily: 'bitcoin',
  requiresTokenApproval: false,
  requiresRegisterTransaction: true,
  executesEvmCalldata: false,
  executesSplits: false,
  addressProblem: bitcoinAddressProblem,
  // bech32 is valid in either case but canonically lower case; base58 case is part of the address. Kept as given,
  // as before the registry: the snapshot's and the store's keys must not change.
  normalizeAddress: (address: string) => address,
  canonicalAddress: (address: string) => (BECH32_SHAPE.test(address) ? address.toLowerCase() : address),
  txHashProblem: altVmTxHashProblem,
  txHashFromDigest: (digest: Uint8Array) => bytesToHex(digest),
  // The UTF-8 text of the address (or of the sentinel `bitcoin`): Bitcoin is reached through THORChain, whose memo
  // carries the destination address as text, and the text keeps the script type.
  addressBytes: (address: string) => new TextEncoder().encode(address),
  addressFromBytes: (bytes: Uint8Array) => new TextDecoder().decode(bytes),
})
