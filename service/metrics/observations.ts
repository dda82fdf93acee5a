/**
 * What a worker (or the tracker thread) measured, handed to the main thread, whose one prom-client registry
 * (`mainMetrics.ts`) holds the metrics of every thread. A worker's observations since its last answer travel with
 * its next answer (`wire.ts`): no message of their own, and never lost to an idle worker (a piscina worker waiting
 * for a task sleeps in `Atomics.wait` and could not answer a collection request). The tracker thread posts its own
 * after each tick (`TRACKER_METRICS`).
 *
 * No runtime imports: every thread loads it.
 */

/** Observations of one thread since the last hand-over. Absent fields: nothing observed. */
export interface Observations {
  /** Each `engine.quote` call's duration, seconds. */
  quoteSeconds?: number[]
  /** Each store call's duration by method name (`recordQuoteSoon`, `registerTransactions`…), seconds. */
  storeSeconds?: Record<string, number[]>
  /** Transactions that entered each status (`quoted`, `pending`, `success`, `expired`…). */
  transactions?: Record<string, number>
  /** Wall time with at least one request in progress on the worker, seconds (its utilisation over time). */
  busySeconds?: number
}

let pending: Observations = {}
let hasPending = false

/** Records a quote's duration (seconds). */
export function observeQuote(seconds: number): void {
  ;(pending.quoteSeconds ??= []).push(seconds)
  hasPending = true
}

/** Records a store call's duration (seconds). */
export function observeStore(operation: string, seconds: number): void {
  ;((pending.storeSeconds ??= {})[operation] ??= []).push(seconds)
  hasPending = true
}

/** Counts `count` transactions entering `status`. */
export function countTransactions(status: string, count = 1): void {
  if (count <= 0) return
  const transactions = (pending.transactions ??= {})
  transactions[status] = (transactions[status] ?? 0) + count
  hasPending = true
}

/** Adds busy time (seconds). */
export function addBusySeconds(seconds: number): void {
  pending.busySeconds = (pending.busySeconds ?? 0) + seconds
  hasPending = true
}

/**
 * The observations since the last call, or `undefined` when there are none; the thread starts afresh.
 *
 * @example const observations = takeObservations() // attached to the next wire response
 */
export function takeObservations(): Observations | undefined {
  if (!hasPending) return undefined
  const taken = pending
  pending = {}
  hasPending = false
  return taken
}

/**
 * The store with every method timed (`observeStore`), and the transactions it moves counted by status: a quote
 * recorded is `quoted`, a registration `pending`, a tracker's `recordProgress` the status it sets, an expiry
 * `expired`. Works for synchronous and promise-returning methods alike.
 *
 * @example const store = instrumentStore(openStore(config))
 */
export function instrumentStore<S extends object>(store: S): S {
  const timed: Record<string, unknown> = {}
  for (const [name, method] of Object.entries(store)) {
    if (typeof method !== 'function' || name === 'close') {
      timed[name] = method
      continue
    }
    timed[name] = (...args: unknown[]) => {
      const started = performance.now()
      const settle = (result: unknown) => {
        observeStore(name, (performance.now() - started) / 1000)
        countMoves(name, args, result)
        return result
      }
      const result: unknown = (method as (...args: unknown[]) => unknown).apply(store, args)
      return result instanceof Promise ? result.then(settle) : settle(result)
    }
  }
  return timed as S
}

/**
 * The engine with `quote` timed (`observeQuote`), refused quotes included.
 *
 * @example const engine = instrumentEngine(createEngine(snapshot))
 */
export function instrumentEngine<E extends { quote(request: never): unknown }>(engine: E): E {
  return {
    ...engine,
    quote(request: never) {
      const started = performance.now()
      try {
        return engine.quote(request)
      } finally {
        observeQuote((performance.now() - started) / 1000)
      }
    },
  }
}

function countMoves(method: string, args: unknown[], result: unknown): void {
  if (method === 'recordQuote' || method === 'recordQuoteSoon') countTransactions('quoted')
  else if (method === 'registerTransaction') countRegistered([result])
  else if (method === 'registerTransactions' && Array.isArray(result)) countRegistered(result)
  else if (method === 'expireQuotes' && typeof result === 'number') countTransactions('expired', result)
  else if (method === 'registerDeposit' && (result as { outcome?: unknown } | undefined)?.outcome === 'registered') {
    // A deposit the tracker found enters the status the amount rule chose: pending, or requires refund.
    countTransactions((args[0] as { status: string }).status)
  } else if (method === 'recordProgress' && result !== false) {
    // `false`: refused, the claim was lost (another replica's tracker records it).
    const status = (args[1] as { status?: unknown } | undefined)?.status
    if (typeof status === 'string') countTransactions(status)
  }
}

function countRegistered(outcomes: unknown[]): void {
  countTransactions(
    'pending',
    outcomes.filter((outcome) => (outcome as { outcome?: unknown })?.outcome === 'registered').length,
  )
}
