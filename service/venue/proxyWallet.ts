/**
 * The venue wallet of an EVM account, derived without a chain call: both of the venue's wallet factories deploy
 * with CREATE2, so the address follows from the factory, a salt computed from the owner, and the keccak of the
 * wallet's init code (research file `venue.md` §5; the venue's own `builder-relayer-client`, `derive.ts`).
 *
 * The service gives every user the **Safe** wallet (signature type 2, `POLY_GNOSIS_SAFE`): the wallet of accounts
 * that sign with an EVM key (browser wallets), which is who calls this API, and the one whose derivation is checked
 * against real pairs. The email-login proxy (signature type 1) is derived the same way, for completeness.
 */
import { type Address, encodeAbiParameters, encodePacked, getAddress, getContractAddress, keccak256 } from 'viem'

/** The venue's wallet kinds. */
export type VenueWalletKind = 'safe' | 'proxy'

/** What a CREATE2 derivation needs: the deploying factory, the salt from the owner, the init-code hash. */
interface WalletFactory {
  readonly factory: Address
  readonly salt: (owner: Address) => `0x${string}`
  readonly initCodeHash: `0x${string}`
}

/**
 * The factories on Polygon (chain 137), from the venue's relayer client (`src/config/index.ts`,
 * `src/constants/index.ts`). The Safe salt is the ABI-encoded owner (32 bytes); the proxy salt the packed one (20).
 */
export const VENUE_WALLET_FACTORIES: Readonly<Record<VenueWalletKind, WalletFactory>> = Object.freeze({
  safe: {
    factory: '0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b',
    salt: (owner: Address) => keccak256(encodeAbiParameters([{ type: 'address' }], [owner])),
    initCodeHash: '0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf',
  },
  proxy: {
    factory: '0xaB45c5A4B0c941a2F231C04C3f49182e1A254052',
    salt: (owner: Address) => keccak256(encodePacked(['address'], [owner])),
    initCodeHash: '0xd21df8dc65880a8606f09fe0ce3df9b8869287ab0b058be05aa9e8af6330a00b',
  },
})

/**
 * The venue wallet of `owner` (an EVM address, any case), checksummed. Deterministic: the same owner always gives
 * the same wallet, deployed or not.
 *
 * @param kind - `safe` (default: the wallet the service uses) or `proxy`.
 * @throws viem's `InvalidAddressError` when `owner` is not an address (validate it first).
 * @example
 * deriveProxyWallet('0x76a22D91bcb74261EB53354e25CE4F37dDa32934')
 * // '0x22dA6635E16e2f540FBe16d253a89DC8a4674eDC'
 */
export function deriveProxyWallet(owner: string, kind: VenueWalletKind = 'safe'): Address {
  const { factory, salt, initCodeHash } = VENUE_WALLET_FACTORIES[kind]
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: salt(getAddress(owner.toLowerCase())),
    bytecodeHash: initCodeHash,
  })
}
