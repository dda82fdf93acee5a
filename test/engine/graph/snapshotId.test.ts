import { describe, expect, it } from 'vitest'
import { canonicalSnapshotText, snapshotIdOf } from '../../../engine/graph/snapshotId.js'
import { readSnapshotJson } from '../../../engine/loader.js'
import { miniSnapshot } from '../../helpers/miniSnapshot.js'

describe('snapshotIdOf', () => {
  it('is the first 16 bytes of the SHA-256 of the canonical text, hex', async () => {
    const json = miniSnapshot()
    const { createHash } = await import('node:crypto')
    const expected = createHash('sha256').update(canonicalSnapshotText(json)).digest('hex').slice(0, 32)
    expect(snapshotIdOf(json)).toBe(expected)
    expect(snapshotIdOf(canonicalSnapshotText(json))).toBe(expected)
  })

  it('ignores layout and key order, not values or array order', () => {
    const json = readSnapshotJson()
    const id = snapshotIdOf(json)
    const reordered = JSON.parse(JSON.stringify(json, null, 2)) as Record<string, unknown>
    const shuffled = Object.fromEntries(Object.entries(reordered).reverse())
    expect(snapshotIdOf(shuffled)).toBe(id)
    const changed = structuredClone(json)
    changed.tokens[0]!.usdPrice = `${changed.tokens[0]!.usdPrice}1`
    expect(snapshotIdOf(changed)).not.toBe(id)
    const swapped = structuredClone(json)
    swapped.pools.reverse()
    expect(snapshotIdOf(swapped)).not.toBe(id)
  })

  it('canonical text sorts keys at every depth and parses back to the same value', () => {
    expect(canonicalSnapshotText({ b: [{ d: 1, c: 2 }], a: 'x' })).toBe('{"a":"x","b":[{"c":2,"d":1}]}')
    const json = miniSnapshot()
    expect(JSON.parse(canonicalSnapshotText(json))).toEqual(json)
  })
})
