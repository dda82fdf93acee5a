/**
 * Snapshot load: time of `loadSnapshotFile(path)` + `createEngine(snapshot)` (tinybench), and the heap the loaded
 * snapshot and its routing graph keep (`heapUsed` around the load, after full collections; needs `--expose-gc`).
 */
import { Bench } from 'tinybench'
import { type Engine, type Snapshot, createEngine } from '../engine/index.js'
import { loadSnapshotFile } from '../engine/loader.js'
import { type LatencyStats, statsOf } from './stats.js'

export interface LoadMemory {
  /** Retained by the loaded, frozen snapshot. */
  readonly snapshotBytes: number
  /** Retained by the routing graph `createEngine` builds (edges, indexes). */
  readonly graphBytes: number
  /** Both together. */
  readonly totalBytes: number
}

export interface LoadedFixture {
  readonly snapshot: Snapshot
  readonly engine: Engine
  readonly memory: LoadMemory
}

export const loadTaskName = (fixture: string) => `load: loadSnapshot + createEngine (${fixture})`

/** A full collection, or an error saying how to run the benchmarks. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error('run with node --expose-gc (npm run bench does)')
  gc()
  gc()
}

/** Loads a fixture once, measuring what it retains. The engine has the default options. */
export function loadMeasured(path: string): LoadedFixture {
  collectGarbage()
  const before = process.memoryUsage().heapUsed
  const snapshot = loadSnapshotFile(path)
  collectGarbage()
  const withSnapshot = process.memoryUsage().heapUsed
  const engine = createEngine(snapshot)
  collectGarbage()
  const withEngine = process.memoryUsage().heapUsed
  return {
    snapshot,
    engine,
    memory: {
      snapshotBytes: withSnapshot - before,
      graphBytes: withEngine - withSnapshot,
      totalBytes: withEngine - before,
    },
  }
}

/** Times `samples` complete loads (file read, parse, validation, freezing, graph), each after a full collection. */
export async function timeLoad(path: string, fixture: string, samples: number): Promise<LatencyStats> {
  let engine: Engine | undefined
  const bench = new Bench({ name: `load (${fixture})`, time: 0, iterations: samples, warmup: false, throws: true })
  bench.add(
    loadTaskName(fixture),
    () => {
      engine = createEngine(loadSnapshotFile(path))
    },
    {
      beforeEach: () => {
        engine = undefined
        collectGarbage()
      },
    },
  )
  await bench.run()
  if (engine === undefined) throw new Error(`load of ${fixture} produced no engine`)
  return statsOf(bench.getTask(loadTaskName(fixture)))
}
