import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSnapshotCoordinator } from '../../../service/snapshots/reloadCoordinator.js'
import { loadSnapshotReloadConfig } from '../../../service/snapshots/reloadConfig.js'
import { createSnapshotSignal, readPublishedSnapshot } from '../../../service/snapshots/snapshotSignal.js'
import { validateSnapshot } from '../../../service/snapshots/snapshotTasks.js'
import { moveReserves, raisePrices, snapshotFile } from '../snapshotReload.js'

const dir = mkdtempSync(join(tmpdir(), 'crossroute-coordinator-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('snapshot coordinator (main thread), with the workers’ validation in-process', () => {
  const file = snapshotFile(dir)
  const snapshotsDir = join(dir, 'snapshots')
  const signal = createSnapshotSignal()
  const outcomes: string[] = []
  const coordinator = createSnapshotCoordinator({
    snapshotsDir,
    signal,
    validate: (path) => Promise.resolve(validateSnapshot(path)),
    onReload: (outcome, trigger) => outcomes.push(`${trigger} ${outcome.outcome}`),
  })

  it('keeps and publishes the starting snapshot; the same file again is unchanged', async () => {
    expect(await coordinator.publishStarting(file.path)).toBe(file.id())
    expect(readPublishedSnapshot(signal)).toEqual({ version: 1, snapshotId: file.id() })
    expect(await coordinator.reloadFile(file.path, 'signal')).toEqual({ outcome: 'unchanged', snapshotId: file.id() })
    expect(readdirSync(snapshotsDir)).toEqual([`${file.id()}.json`])
  })

  it('reloads run one after the other: two changes asked at once end on the last', async () => {
    const first = file.id()
    const second = file.edit(raisePrices)
    const reloads = [coordinator.reloadFile(file.path, 'file')]
    const third = file.edit(moveReserves(7n))
    reloads.push(coordinator.reloadFile(file.path, 'file'))
    // Both read the file when their turn came: the first already saw the third version.
    expect(await Promise.all(reloads)).toEqual([
      { outcome: 'reloaded', snapshotId: third, previousId: first },
      { outcome: 'unchanged', snapshotId: third },
    ])
    expect(second).not.toBe(third)
    expect(readPublishedSnapshot(signal)).toEqual({ version: 2, snapshotId: third })
  })

  it('refuses a snapshot that does not validate, or that a chain build could not produce, and keeps the current', async () => {
    const current = coordinator.snapshotId
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ version: 1, name: 'bad', chains: [], tokens: [], pools: 7 }))
    const refused = await coordinator.reloadFile(join(dir, 'bad.json'), 'signal')
    expect(refused.outcome).toBe('refused')
    const failedBuild = await coordinator.reloadFrom(
      () => Promise.reject(new Error('RPC down')),
      'chains.json',
      'chain',
    )
    expect(failedBuild).toEqual({ outcome: 'refused', reason: 'RPC down' })
    expect(await coordinator.reloadFile(join(dir, 'missing.json'), 'file')).toMatchObject({
      outcome: 'refused',
      reason: expect.stringMatching(/cannot read file/),
    })
    expect([coordinator.snapshotId, readPublishedSnapshot(signal)?.snapshotId]).toEqual([current, current])
    // Only validated snapshots are kept; no candidate is left behind.
    expect(readdirSync(snapshotsDir)).toHaveLength(2)
    expect(outcomes).toEqual([
      'signal unchanged',
      'file reloaded',
      'file unchanged',
      'signal refused',
      'chain refused',
      'file refused',
    ])
  })
})

describe('hot reload configuration', () => {
  it('has defaults, and refuses malformed values naming the variable', () => {
    expect(loadSnapshotReloadConfig({})).toEqual({
      watch: true,
      watchDebounceMs: 500,
      chainConfigPath: undefined,
      refreshSeconds: 60,
    })
    expect(loadSnapshotReloadConfig({ SNAPSHOT_WATCH: '0', SNAPSHOT_CHAIN_CONFIG: 'c.json' })).toMatchObject({
      watch: false,
      chainConfigPath: join(process.cwd(), 'c.json'),
    })
    expect(() => loadSnapshotReloadConfig({ SNAPSHOT_WATCH: 'yes' })).toThrow(/SNAPSHOT_WATCH/)
    expect(() => loadSnapshotReloadConfig({ SNAPSHOT_WATCH_DEBOUNCE_MS: '1' })).toThrow(/SNAPSHOT_WATCH_DEBOUNCE_MS/)
    expect(() => loadSnapshotReloadConfig({ SNAPSHOT_REFRESH_SECONDS: '5' })).toThrow(/SNAPSHOT_CHAIN_CONFIG/)
  })
})
