/**
 * Address rules of Bitcoin mainnet: P2PKH (`1…`), P2SH (`3…`), P2WPKH and P2WSH (`bc1q…`), P2TR (`bc1p…`).
 */
import bs58check from 'bs58check'
import { address as bitcoinAddress, networks } from 'bitcoinjs-lib'

/**
 * The native-token sentinel on Bitcoin (LI.FI's convention, research §2). It is a *token* address, accepted by
 * `addressProblem` through the native-sentinel rule; it is not an address anyone can hold coins at, and
 * `bitcoinAddressProblem` and `walletAddressProblem` reject it.
 */
export const BITCOIN_NATIVE_TOKEN = 'bitcoin'

const BASE58_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{25,35}$/
/** Human-readable part, separator `1`, then data and checksum in the bech32 alphabet; 90 characters at most. */
const BECH32_SHAPE = /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{6,87}$/i
const TESTNET_VERSIONS: ReadonlySet<number> = new Set([networks.testnet.pubKeyHash, networks.testnet.scriptHash])
const TESTNET_REASON = 'testnet address; only Bitcoin mainnet is accepted'

/**
 * Why a string is not a Bitcoin mainnet address, or `undefined` when it is one.
 *
 * Base58 and witness v0 addresses are accepted when `address.toOutputScript(address, networks.bitcoin)` builds
 * their script. Witness v1 (P2TR) addresses are decoded with `address.fromBech32` instead (bech32m checksum,
 * `bc` prefix, 32-byte program): `toOutputScript` needs a secp256k1 library registered through `initEccLib` to
 * build a P2TR script, and none is installed. Like Bitcoin Core, the key is not checked to be on the curve.
 * Witness versions 2 to 16 have no defined output type yet and are rejected.
 *
 * @param address - the address as received; bech32 may be all lower or all upper case.
 * @returns `undefined` when valid, else a short human reason.
 *
 * @example
 * bitcoinAddressProblem('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // undefined
 * bitcoinAddressProblem('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx') // 'testnet address; only Bitcoin mainnet is accepted'
 * bitcoinAddressProblem('bitcoin') // 'not a Bitcoin address (base58 or bech32)': the sentinel is a token, not a wallet
 */
export function bitcoinAddressProblem(address: string): string | undefined {
  const bech32 = BECH32_SHAPE.exec(address)
  if (bech32 !== null) return bech32Problem(address, (bech32[1] as string).toLowerCase())
  if (BASE58_SHAPE.test(address)) return base58Problem(address)
  return 'not a Bitcoin address (base58 or bech32)'
}

function bech32Problem(address: string, prefix: string): string | undefined {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return 'mixed-case bech32'
  // `q` encodes witness version 0: the common case goes straight to toOutputScript.
  const isWitnessV0 = address[3] === 'q' || address[3] === 'Q'
  if (prefix === 'bc' && isWitnessV0 && buildsScript(address)) return undefined
  let decoded: bitcoinAddress.Bech32Result
  try {
    decoded = bitcoinAddress.fromBech32(address)
  } catch {
    return 'bad checksum'
  }
  if (prefix === 'tb') return TESTNET_REASON
  if (prefix === 'bcrt') return 'regtest address; only Bitcoin mainnet is accepted'
  if (decoded.version === 1) {
    return decoded.data.length === 32 ? undefined : 'not a taproot address (witness v1 program must be 32 bytes)'
  }
  // Never handed to toOutputScript, which accepts versions 2 to 16 and prints a warning to the console.
  if (decoded.version !== 0) return `unsupported segwit version ${decoded.version}`
  return 'witness v0 program must be 20 or 32 bytes'
}

function base58Problem(address: string): string | undefined {
  if (buildsScript(address)) return undefined
  // Only on failure: decode again to say why.
  const payload = bs58check.decodeUnsafe(address)
  if (payload === undefined) return 'bad checksum'
  if (payload.length !== 21) return `wrong length: ${payload.length} bytes, expected 21`
  const version = payload[0] as number
  if (TESTNET_VERSIONS.has(version)) return TESTNET_REASON
  return `not a Bitcoin address (version byte 0x${version.toString(16).padStart(2, '0')})`
}

function buildsScript(address: string): boolean {
  try {
    bitcoinAddress.toOutputScript(address, networks.bitcoin)
    return true
  } catch {
    return false
  }
}
