import { createHash } from 'node:crypto'
import { PublicKey } from '@solana/web3.js'
import { address as bitcoinAddress } from 'bitcoinjs-lib'
import { type Hex, bytesToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { addressProblem } from '../../../engine/index.js'
import { loadSnapshotFile } from '../../../engine/loader.js'
import { depositAddressOf, tronAbiAddress } from '../../../engine/transactions.js'
import { depositWitnessScript } from '../../../engine/vm/depositAddress/bitcoin.js'
import { evmDepositAddress } from '../../../engine/vm/depositAddress/evm.js'

const snapshot = loadSnapshotFile()
const TX_A: Hex = `0x${'a1'.repeat(32)}`
const TX_B: Hex = `0x${'b2'.repeat(32)}`
const CHAINS = [
  ['Arbitrum (evm)', 42161],
  ['HyperCore', 1337],
  ['Tron', 728126428],
  ['Solana', 1151111081099710],
  ['Bitcoin', 20000000000001],
] as const

describe('depositAddressOf', () => {
  it.each(CHAINS)('%s: a valid address of the chain, the same for the same txId, another for another', (_, id) => {
    const chain = snapshot.chains.get(id)!
    const address = depositAddressOf(chain, TX_A)
    expect(addressProblem(chain.vm, address)).toBeUndefined()
    expect(depositAddressOf(chain, TX_A)).toBe(address)
    expect(depositAddressOf(chain, TX_B)).not.toBe(address)
    expect(address).not.toBe(chain.routerAddress)
  })

  it('EVM: CREATE2 from the router differs per router (the deployer is part of the address)', () => {
    expect(evmDepositAddress('0x1111111111111111111111111111111111111111', TX_A)).not.toBe(
      evmDepositAddress('0x2222222222222222222222222222222222222222', TX_A),
    )
  })

  it("Tron: the TVM's CREATE2 (0x41 prefix) — not the EVM address of the same router bytes", () => {
    const tron = snapshot.chains.get(728126428)!
    const address = depositAddressOf(tron, TX_A)
    expect(address).toMatch(/^T/)
    const tvmBytes = tronAbiAddress(address)
    const evmBytes = evmDepositAddress(tronAbiAddress(tron.routerAddress), TX_A).toLowerCase()
    expect(tvmBytes).toMatch(/^0x[0-9a-f]{40}$/)
    expect(tvmBytes).not.toBe(evmBytes)
  })

  it('Solana: a program-derived address (off the ed25519 curve, so no key can sign for it)', () => {
    const address = depositAddressOf(snapshot.chains.get(1151111081099710)!, TX_A)
    expect(PublicKey.isOnCurve(new PublicKey(address).toBytes())).toBe(false)
  })

  it("Bitcoin: P2WSH whose witness program is sha256 of a script holding the txId and the vault's key hash", () => {
    const vault = snapshot.chains.get(20000000000001)!.routerAddress
    const address = depositAddressOf(snapshot.chains.get(20000000000001)!, TX_A)
    const { version, data } = bitcoinAddress.fromBech32(address)
    expect(version).toBe(0)
    const witnessScript = depositWitnessScript(vault, TX_A)
    expect(bytesToHex(data)).toBe(`0x${createHash('sha256').update(witnessScript).digest('hex')}`)
    expect(bytesToHex(witnessScript)).toContain(TX_A.slice(2))
    expect(bytesToHex(witnessScript)).toContain(bytesToHex(bitcoinAddress.fromBech32(vault).data).slice(2))
  })
})
