/**
 * The service's metrics, on the main thread, in one prom-client registry: what this thread sees (every request
 * and its answer, the queue, the workers) and what the workers and the tracker thread hand over
 * (`observations.ts`). `GET /api/metrics` renders it (`metricsEndpoint.ts`). README "Metrics" lists each one.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Observations } from './observations.js'

/** What the gauges read when scraped. */
export interface MetricsSources {
  /** Requests waiting in the pool's queue (not yet on a worker). */
  readonly queued: () => number
  /** Requests admitted and not yet answered (running or queued). */
  readonly inFlight: () => number
  readonly readyWorkers: () => number
  readonly threads: number
  /** Unix milliseconds of the tracker's last finished tick, `undefined` before the first. */
  readonly trackerTickAtMs: () => number | undefined
}

/** The metrics of the process. */
export interface MainMetrics {
  readonly registry: Registry
  /** Counts an answer and its duration (seconds since the request arrived). */
  observeRequest(route: string, method: string, status: number, seconds: number): void
  /**
   * Counts a request the main thread refused itself, by why (`rateLimit/admission.ts`'s `RefusalReason`: rate limit,
   * no valid key, its per-address limit, quote quota, batch over allowance, connection cap, buffered-bytes cap).
   */
  observeRefusal(reason: string): void
  /** Takes what another thread measured. */
  absorb(observations: Observations): void
  /**
   * The tracker's last tick: transactions due then, and how many of its writes were refused because another
   * tracker (replica) had claimed the row since (its lease ran out: `TRACKER_LEASE_SECONDS` too short).
   */
  observeTrackerTick(due: number, claimsLost: number): void
}

/** Latency buckets, seconds: 0.5 ms to 10 s (the request deadline's default). */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Store calls are shorter: 20 µs to 1 s. */
const STORE_BUCKETS = [0.00002, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.25, 1]
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * Creates the registry and its metrics (and Node's default process metrics, `process_*` / `nodejs_*`).
 *
 * @example
 * const metrics = createMainMetrics({ queued: () => pool.queued, inFlight: () => pool.inFlight, … })
 * metrics.observeRequest('/api/getAction', 'GET', 200, 0.004)
 */
export function createMainMetrics(sources: MetricsSources): MainMetrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  const requests = new Counter({
    name: 'crossroute_http_requests_total',
    help: 'HTTP requests answered, by route pattern (none: no route matched or answered before routing), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  })
  const refusals = new Counter({
    name: 'crossroute_refusals_total',
    help:
      'Requests refused before a worker quoted them, by reason: rate_limit, unauthenticated, unauthenticated_rate_limit, ' +
      'quote_quota, batch_over_allowance, connections, buffered_bytes.',
    labelNames: ['reason'] as const,
    registers,
  })
  const requestSeconds = new Histogram({
    name: 'crossroute_http_request_duration_seconds',
    help: 'Time from a request received (headers and body) to its answer written, by route pattern.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  })
  const quoteSeconds = new Histogram({
    name: 'crossroute_quote_duration_seconds',
    help: 'Time of the engine computing a quote (engine.quote), on the workers.',
    buckets: LATENCY_BUCKETS,
    registers,
  })
  const storeSeconds = new Histogram({
    name: 'crossroute_store_operation_duration_seconds',
    help: 'Time of a store call (workers and the tracker thread), by store method.',
    labelNames: ['operation'] as const,
    buckets: STORE_BUCKETS,
    registers,
  })
  const transactions = new Counter({
    name: 'crossroute_transactions_total',
    help: 'Transactions that entered a status: quoted, pending (registered), expired, and the statuses the tracker sets.',
    labelNames: ['status'] as const,
    registers,
  })
  const busySeconds = new Counter({
    name: 'crossroute_worker_busy_seconds_total',
    help: 'Wall time the workers had at least one request in progress, summed over workers; rate() / workers = utilisation.',
    registers,
  })
  new Gauge({
    name: 'crossroute_queue_depth',
    help: 'Requests waiting for a worker slot (beyond it, 503 SERVICE_UNAVAILABLE).',
    registers,
    collect() {
      this.set(sources.queued())
    },
  })
  new Gauge({
    name: 'crossroute_requests_in_flight',
    help: 'Requests handed to the worker pool and not yet answered (running or queued).',
    registers,
    collect() {
      this.set(sources.inFlight())
    },
  })
  new Gauge({
    name: 'crossroute_workers',
    help: 'Worker threads: configured (THREADS) and ready (app built, running).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'configured' }, sources.threads)
      this.set({ state: 'ready' }, sources.readyWorkers())
    },
  })
  new Gauge({
    name: 'crossroute_tracker_lag_seconds',
    help: "Seconds since the status tracker's last finished tick (-1 before its first): grows when tracking stalls.",
    registers,
    collect() {
      const at = sources.trackerTickAtMs()
      this.set(at === undefined ? -1 : (Date.now() - at) / 1000)
    },
  })
  const claimsLost = new Counter({
    name: 'crossroute_tracker_claims_lost_total',
    help: "Tracker writes refused because another tracker claimed the transaction after this one's lease ran out.",
    registers,
  })
  const trackerDue = new Gauge({
    name: 'crossroute_tracker_due_transactions',
    help: "Registered transactions due for a status check at the tracker's last tick (at most one batch).",
    registers,
  })

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      requests.inc({ route, method: METHODS.has(method) ? method : 'other', status: String(status) })
      requestSeconds.observe({ route }, seconds)
    },
    observeRefusal(reason) {
      refusals.inc({ reason })
    },
    absorb(observations) {
      for (const seconds of observations.quoteSeconds ?? []) quoteSeconds.observe(seconds)
      for (const [operation, list] of Object.entries(observations.storeSeconds ?? {}))
        for (const seconds of list) storeSeconds.observe({ operation }, seconds)
      for (const [status, count] of Object.entries(observations.transactions ?? {})) transactions.inc({ status }, count)
      if (observations.busySeconds !== undefined) busySeconds.inc(observations.busySeconds)
    },
    observeTrackerTick(due, lost) {
      trackerDue.set(due)
      if (lost > 0) claimsLost.inc(lost)
    },
  }
}
