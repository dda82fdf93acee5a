/**
 * Request deadlines for the pool (`pool.ts`) at the cost of one small object per request: each request gets a
 * `Deadline` (`isOverdue`, one `onOverdue` callback), and one interval timer expires the overdue ones. An
 * `AbortController` and a `setTimeout` per request cost ~5 % of the main thread's time per getAction in a profile
 * (bench/README.md "Profiles"): the EventTarget machinery, the timer list.
 *
 * Deadlines are checked every `checkIntervalMs` (a tenth of the deadline, between 5 ms and 250 ms), so a request is
 * found overdue between `deadlineMs` and `deadlineMs + checkIntervalMs` after it started.
 */

/** One request's deadline: `onOverdue` is called once, when it has passed. */
export class Deadline {
  /** Whether the deadline has passed. */
  isOverdue = false
  /** Called once when the deadline passes (the pool answers 503). */
  onOverdue: (() => void) | undefined = undefined
  constructor(readonly startedAt: number) {}
  /** Marks the request overdue and calls `onOverdue`; later calls do nothing. */
  expire(): void {
    if (this.isOverdue) return
    this.isOverdue = true
    this.onOverdue?.()
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
 * Starts the deadline checks. `onCheck` runs at every check while requests are in flight (the pool looks for stuck
 * workers then). A request stays in flight until `settle`, also after its deadline passed (its worker may still
 * hold it): the checks go on as long as any does.
 *
 * @example
 * const deadlines = createDeadlines(10_000)
 * const deadline = deadlines.start()
 * deadline.onOverdue = () => answer503()
 * task.finally(() => deadlines.settle(deadline))
 */
export function createDeadlines(deadlineMs: number, onCheck?: () => void): Deadlines {
  // In start order (a Set iterates in insertion order): the overdue ones are always first.
  const running = new Set<Deadline>()
  const checkIntervalMs = Math.min(250, Math.max(5, deadlineMs / 10))
  let timer: NodeJS.Timeout | undefined
  const check = () => {
    const overdueBefore = performance.now() - deadlineMs
    for (const deadline of running) {
      if (deadline.startedAt > overdueBefore) break
      deadline.expire()
    }
    onCheck?.()
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
