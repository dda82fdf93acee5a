import { describe, expect, it } from 'vitest'
import { BRIDGE_IDS } from '../../../engine/graph/types.js'
import * as registry from '../../../engine/bridges/registry.js'
import { BRIDGE_REGISTRY, getBridgeInfo, isBridgeId } from '../../../engine/bridges/registry.js'

describe('bridge registry', () => {
  it('exports exactly this API', () => {
    expect(Object.keys(registry).sort()).toEqual(['BRIDGE_REGISTRY', 'getBridgeInfo', 'isBridgeId'])
  })

  it('has one entry per BridgeId, and nothing else', () => {
    expect(Object.keys(BRIDGE_REGISTRY).sort()).toEqual([...BRIDGE_IDS].sort())
  })

  it.each(BRIDGE_IDS)('describes %s in one line, with its source', (id) => {
    const info = getBridgeInfo(id)
    expect(info.id).toBe(id)
    expect(info.name.length).toBeGreaterThan(0)
    expect(info.model.length).toBeGreaterThan(20)
    expect(info.model).not.toMatch(/\n/)
    expect(info.source).toMatch(/^research\/fixtures\.md §3 Bridge models, ".+"$/)
  })

  it('names the bridges for display', () => {
    expect(getBridgeInfo('cctp').name).toBe('Circle CCTP')
    expect(getBridgeInfo('layerZero').name).toBe('LayerZero')
    expect(getBridgeInfo('thorchain').model).toMatch(/x·X·Y\/\(x\+X\)²/)
  })

  it('is frozen', () => {
    expect(Object.isFrozen(BRIDGE_REGISTRY)).toBe(true)
    expect(Object.isFrozen(BRIDGE_REGISTRY.across)).toBe(true)
  })

  it('recognises bridge ids, case-sensitively', () => {
    expect(isBridgeId('layerZero')).toBe(true)
    expect(isBridgeId('layerzero')).toBe(false)
    expect(isBridgeId('wormhole')).toBe(false)
    expect(isBridgeId('toString')).toBe(false)
  })
})
