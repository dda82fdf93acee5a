/**
 * Hot reload's metrics, in the main thread's registry (README "Metrics"): reloads by trigger and outcome, and the
 * snapshot published now.
 */
import { Counter, Gauge, type Registry } from 'prom-client'
import type { ReloadOutcome, ReloadTrigger } from './reloadCoordinator.js'

/**
 * Registers the metrics; returns the function to call after each reload (`SnapshotCoordinatorOptions.onReload`).
 *
 * @example
 * const onReload = createSnapshotMetrics(metrics.registry, () => coordinator.snapshotId)
 */
export function createSnapshotMetrics(
  registry: Registry,
  currentId: () => string | undefined,
): (outcome: ReloadOutcome, trigger: ReloadTrigger) => void {
  const registers = [registry]
  const reloads = new Counter({
    name: 'crossroute_snapshot_reloads_total',
    help: 'Snapshot reloads, by trigger (file, signal, chain) and outcome (reloaded, unchanged, refused).',
    labelNames: ['trigger', 'outcome'] as const,
    registers,
  })
  new Gauge({
    name: 'crossroute_snapshot_info',
    help: 'The snapshot every new request quotes on: 1, labelled with its id (snapshotId).',
    labelNames: ['snapshot_id'] as const,
    registers,
    collect() {
      this.reset()
      const snapshotId = currentId()
      if (snapshotId !== undefined) this.set({ snapshot_id: snapshotId }, 1)
    },
  })
  return (outcome, trigger) => reloads.inc({ trigger, outcome: outcome.outcome })
}
