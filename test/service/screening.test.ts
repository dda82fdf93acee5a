import { describe, expect, it } from 'vitest'
import type { Vm } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import { createScreener, screeningFamilyOf } from '../../service/compliance/screening.js'
import { canonicalAddress, loadScreeningLists } from '../../service/compliance/screeningLists.js'
import { loadConfig } from '../../service/config.js'

const LISTS = loadScreeningLists(loadConfig({}).screeningDir)
const LISTED_ETH = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96'
const LISTED_XBT = '12HQDsicffSBaYdJ6BhnE22sfjTESmmzKx'
const LISTED_TRX = 'TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre'

/** Chains of a snapshot, by VM only: what the screener reads. */
const chainsOf = (entries: readonly (readonly [number, Vm])[]) => new Map(entries.map(([id, vm]) => [id, { vm }]))

describe("screening family from the chain's VM", () => {
  it("follows the served snapshot's chains (here the default one)", () => {
    const { chains } = loadSnapshotFile()
    expect(screeningFamilyOf(42161, chains)).toBe('evm')
    expect(screeningFamilyOf(1337, chains)).toBe('evm') // HyperCore: EVM-format addresses
    expect(screeningFamilyOf(20000000000001, chains)).toBe('bitcoin')
    expect(screeningFamilyOf(728126428, chains)).toBe('tron')
    expect(screeningFamilyOf(1151111081099710, chains)).toBe('solana')
    expect(screeningFamilyOf(0, chains)).toBeUndefined()
  })

  it('takes the VM from the chains it is given, not from chain ids written in code', () => {
    const screener = createScreener({
      lists: LISTS,
      chains: chainsOf([
        [5, 'bitcoin'],
        [6, 'tron'],
        [20000000000001, 'evm'],
      ]),
      now: () => new Date(0),
    })
    expect(screener.isListed(5, LISTED_XBT)).toBe(true)
    expect(screener.isListed(6, LISTED_TRX)).toBe(true)
    // The id the default snapshot gives Bitcoin is an EVM chain here: a Bitcoin address is no wallet on it.
    expect(screener.isListed(20000000000001, LISTED_XBT)).toBe(false)
    expect(screener.isListed(20000000000001, LISTED_ETH)).toBe(true)
    // A chain the snapshot does not name is taken as EVM-format.
    expect(screener.isListed(7, LISTED_ETH)).toBe(true)
    expect(screener.isListed(7, LISTED_XBT)).toBe(false)
  })
})

describe("canonical list form: the family's VM module decides", () => {
  it('folds case where it carries no meaning (EVM, bech32) and keeps it in base58', () => {
    expect(canonicalAddress('evm', ` ${LISTED_ETH} `)).toBe(LISTED_ETH.toLowerCase())
    expect(canonicalAddress('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    )
    expect(canonicalAddress('bitcoin', LISTED_XBT)).toBe(LISTED_XBT)
    expect(canonicalAddress('tron', LISTED_TRX)).toBe(LISTED_TRX)
    expect(canonicalAddress('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    )
  })
})
