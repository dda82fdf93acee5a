import { describe, expect, it } from 'vitest'
import type { Vm } from '../../engine/index.js'
import { createScreener, screeningFamilyOf } from '../../service/compliance/screening.js'
import { loadScreeningLists } from '../../service/compliance/screeningLists.js'
import { loadConfig } from '../../service/config.js'

const LISTS = loadScreeningLists(loadConfig({}).screeningDir)
const LISTED_ETH = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96'
const LISTED_XBT = '12HQDsicffSBaYdJ6BhnE22sfjTESmmzKx'
const LISTED_TRX = 'TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre'

describe("screening family from the chain's VM", () => {
  it("follows the default snapshot's chains when none are given", () => {
    expect(screeningFamilyOf(42161)).toBe('evm')
    expect(screeningFamilyOf(1337)).toBe('evm') // HyperCore: EVM-format addresses
    expect(screeningFamilyOf(20000000000001)).toBe('bitcoin')
    expect(screeningFamilyOf(728126428)).toBe('tron')
    expect(screeningFamilyOf(1151111081099710)).toBe('solana')
    expect(screeningFamilyOf(0)).toBeUndefined()
  })

  it('takes the VM from the chains it is given, not from chain ids written in code', () => {
    const vms = new Map<number, Vm>([
      [5, 'bitcoin'],
      [6, 'tron'],
      [20000000000001, 'evm'],
    ])
    const screener = createScreener(
      LISTS,
      () => new Date(0),
      (chainId) => vms.get(chainId),
    )
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
