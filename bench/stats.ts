/** Order statistics of latency samples (milliseconds), as the reports show them. */
import type { Task } from 'tinybench'

export interface LatencyStats {
  readonly samples: number
  readonly medianMs: number
  readonly p99Ms: number
  readonly meanMs: number
  /** 1000 / mean: calls per second back to back (not tinybench's mean of per-sample rates). */
  readonly opsPerSecond: number
  readonly minMs: number
  readonly maxMs: number
}

/** Linear-interpolated quantile of ascending `sorted` (the definition tinybench uses). */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error('no samples')
  const position = (sorted.length - 1) * q
  const below = Math.floor(position)
  const above = sorted[below + 1]
  return above === undefined ? sorted[below]! : sorted[below]! + (position - below) * (above - sorted[below]!)
}

export function median(values: readonly number[]): number {
  return quantileSorted(
    [...values].sort((a, b) => a - b),
    0.5,
  )
}

export function latencyStats(samplesMs: readonly number[]): LatencyStats {
  const sorted = [...samplesMs].sort((a, b) => a - b)
  const meanMs = sorted.reduce((sum, x) => sum + x, 0) / sorted.length
  return {
    samples: sorted.length,
    medianMs: quantileSorted(sorted, 0.5),
    p99Ms: quantileSorted(sorted, 0.99),
    meanMs,
    opsPerSecond: meanMs > 0 ? 1000 / meanMs : Infinity,
    minMs: sorted[0]!,
    maxMs: sorted[sorted.length - 1]!,
  }
}

/** A duration for people: µs below 1 ms, ms below 10 s, else s. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`
  if (ms < 10_000) return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`
  return `${(ms / 1000).toFixed(2)} s`
}

export function formatBytes(bytes: number): string {
  return Math.abs(bytes) < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}

/** Latency figures of a finished tinybench task. @throws Error when the task failed or did not run. */
export function statsOf(task: Task | undefined): LatencyStats {
  const result = task?.result
  if (task === undefined || result === undefined) throw new Error('task did not run')
  if (result.error !== undefined) throw new Error(`${task.name} failed`, { cause: result.error })
  return latencyStats(result.latency.samples)
}
