/**
 * Request deadlines for the pool (`pool.ts`) at the cost of one small object per request: each request gets a
 * `Deadline`, the abort signal piscina reads (`aborted`, `reason`, `addEventListener('abort')`), and one interval
 * timer aborts the overdue ones. An `AbortController` and a `setTimeout` per request cost ~5 % of the main thread's
 * time per getAction in a profile (bench/README.md "Profiles"): the EventTarget machinery, the timer list.
 *
 * Deadlines are checked every `checkIntervalMs` (a tenth of the deadline, between 5 ms and 250 ms), so a request is
 * aborted between `deadlineMs` and `deadlineMs + checkIntervalMs` after it started.
 */

/** The abort signal of one request, as piscina uses it. */
export class Deadline {
  aborted = false
  reason: unknown = undefined
  #listener: (() => void) | undefined
  constructor(readonly startedAt: number) {}
  addEventListener(_type: 'abort', listener: () => void): void {
    this.#listener = listener
  }
  removeEventListener(): void {
    this.#listener = undefined
  }
  /** Marks the request aborted and tells piscina (which then terminates the worker running it). */
  abort(reason: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    this.#listener?.()
  }
}

/** The deadlines of the requests in flight. */
export interface Deadlines {
  /** A deadline for a request starting now. */
  start(): Deadline
  /** The request finished (answered or failed): its deadline no longer applies. */
  settle(deadline: Deadline): void
  /** Stops the checks. */
  stop(): void
}

/**
 * Starts the deadline checks.
 *
 * @example
 * const deadlines = createDeadlines(10_000)
 * const deadline = deadlines.start()
 * piscina.run(task, { signal: deadline }).finally(() => deadlines.settle(deadline))
 */
export function createDeadlines(deadlineMs: number): Deadlines {
  // In start order (a Set iterates in insertion order): the overdue ones are always first.
  const running = new Set<Deadline>()
  const checkIntervalMs = Math.min(250, Math.max(5, deadlineMs / 10))
  let timer: NodeJS.Timeout | undefined
  const check = () => {
    const overdueBefore = performance.now() - deadlineMs
    for (const deadline of running) {
      if (deadline.startedAt > overdueBefore) break
      running.delete(deadline)
      deadline.abort(new Error(`request deadline of ${deadlineMs} ms exceeded`))
    }
    if (running.size === 0) {
      clearInterval(timer)
      timer = undefined
    }
  }
  return {
    start() {
      const deadline = new Deadline(performance.now())
      running.add(deadline)
      timer ??= setInterval(check, checkIntervalMs).unref()
      return deadline
    },
    settle(deadline) {
      running.delete(deadline)
    },
    stop() {
      clearInterval(timer)
      timer = undefined
      running.clear()
    },
  }
}
