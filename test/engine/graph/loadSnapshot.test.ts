import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InvalidSnapshotError, type SnapshotJson, loadSnapshot } from '../../../engine/index.js'
import { loadSnapshotFile } from '../../../engine/loader.js'
import { ETH, ETH_USDC, miniSnapshot } from '../../helpers/miniSnapshot.js'
import { thrown } from '../../helpers/thrown.js'

/** Loads a corrupted copy of the mini snapshot and returns the error's details. */
function rejection(corrupt: (json: SnapshotJson) => void) {
  const json = miniSnapshot()
  corrupt(json)
  const error = thrown(() => loadSnapshot(json), InvalidSnapshotError)
  expect(error.code).toBe('INVALID_SNAPSHOT')
  return error.details
}

describe('loadSnapshot', () => {
  it('loads the default fixture with no argument, and a file by path', () => {
    const snapshot = loadSnapshotFile()
    expect(snapshot.chains.size).toBe(12)
    const folder = mkdtempSync(join(tmpdir(), 'crossroute-'))
    const file = join(folder, 'mini.json')
    writeFileSync(file, JSON.stringify(miniSnapshot()))
    expect(loadSnapshotFile(file).pools).toHaveLength(miniSnapshot().pools.length)
  })

  it('names the file when it cannot be read or parsed', () => {
    expect(() => loadSnapshotFile('/nonexistent/snapshot.json')).toThrow(/nonexistent\/snapshot\.json/)
    const folder = mkdtempSync(join(tmpdir(), 'crossroute-'))
    writeFileSync(join(folder, 'bad.json'), '{ nope')
    expect(() => loadSnapshotFile(join(folder, 'bad.json'))).toThrow(/not valid JSON/)
  })

  it('rejects a pool naming an unknown token, naming the pool', () => {
    const details = rejection((json) => {
      json.pools[0]!.tokens[1] = '0x1111111111111111111111111111111111111111'
    })
    expect(details).toEqual({
      entry: 'pools[0] (id eth-usdc-weth)',
      reason: 'unknown token 0x1111111111111111111111111111111111111111 on chain 1',
    })
  })

  it('rejects duplicate ids: pools, lanes, tokens, chains', () => {
    expect(rejection((json) => json.pools.push({ ...json.pools[0]! })).reason).toBe('duplicate pool id')
    expect(rejection((json) => json.lanes.push({ ...json.lanes[0]! })).reason).toBe('duplicate lane id')
    expect(
      rejection((json) => json.tokens.push({ ...json.tokens[2]!, address: ETH_USDC.toLowerCase() })).reason,
    ).toMatch(/duplicate token/)
    expect(rejection((json) => json.chains.push({ ...json.chains[0]! })).reason).toBe('duplicate chainId')
  })

  it('rejects addresses invalid for their VM', () => {
    expect(
      rejection((json) => {
        json.tokens[2]!.address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eb48'
      }).reason,
    ).toMatch(/checksum/)
    expect(
      rejection((json) => {
        json.tokens[12]!.address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
      }).entry,
    ).toMatch(/USDC on 1151111081099710/)
    expect(
      rejection((json) => {
        json.chains[0]!.routerAddress = 'router'
      }).entry,
    ).toBe('chains[0]')
  })

  it('rejects zero and negative reserves, and malformed amounts', () => {
    expect(
      rejection((json) => {
        ;(json.pools[0]!.state as { reserve0: string }).reserve0 = '0'
      }).entry,
    ).toBe('pools[0] (id eth-usdc-weth)')
    expect(
      rejection((json) => {
        ;(json.pools[0]!.state as { reserve0: string }).reserve0 = '-5'
      }).reason,
    ).toMatch(/reserve0/)
    expect(
      rejection((json) => {
        json.lanes[0]!.maxAmount = '1.5'
      }).reason,
    ).toMatch(/maxAmount/)
  })

  it('rejects unknown bridge ids', () => {
    const details = rejection((json) => {
      ;(json.lanes[0] as { bridgeId: string }).bridgeId = 'wormhole'
    })
    expect(details).toEqual({ entry: 'lanes[0] (id cctp-eth-op-usdc)', reason: 'unknown bridge id wormhole' })
  })

  it('rejects inconsistent decimals between a native token and its wrapped form', () => {
    const details = rejection((json) => {
      json.tokens[1]!.decimals = 8
    })
    expect(details).toEqual({
      entry: `chains (chainId ${ETH})`,
      reason: 'inconsistent decimals between native and wrapped native',
    })
  })

  it('rejects a lane carrying two different assets without depths, and a lane minimum above its maximum', () => {
    expect(
      rejection((json) => {
        json.lanes[0]!.dstToken = '0x4200000000000000000000000000000000000006'
      }).reason,
    ).toMatch(/one asset/)
    expect(
      rejection((json) => {
        json.lanes[0]!.minAmount = '2000000000000'
      }).reason,
    ).toBe('minAmount is above maxAmount')
  })

  it('rejects an isNative flag that contradicts the address', () => {
    expect(
      rejection((json) => {
        json.tokens[2]!.isNative = true
      }).reason,
    ).toMatch(/isNative/)
  })

  it('returns an immutable snapshot', () => {
    const snapshot = loadSnapshot(miniSnapshot())
    expect(Object.isFrozen(snapshot)).toBe(true)
    expect(Object.isFrozen(snapshot.pools[0]!.state)).toBe(true)
    expect(() => {
      ;(snapshot.pools as unknown[]).push(1)
    }).toThrow(TypeError)
    expect(() => (snapshot.tokens as Map<string, unknown>).set('x', 1)).toThrow(/immutable/)
    expect(() => {
      ;(snapshot.chains.get(ETH) as { blockTimeMs: number }).blockTimeMs = 1
    }).toThrow(TypeError)
  })
})
