/**
 * A worker's heartbeat, read by the main thread to find a worker whose thread is stuck (pool.ts): how many requests
 * the worker holds, and when its event loop last turned. Both live in a `SharedArrayBuffer` the worker creates and
 * sends with its ready message, so reading them costs the main thread no message and the worker no round trip.
 *
 * Why not piscina's abort signals: a task given a signal is "abortable", and piscina runs an abortable task only on
 * an idle worker and keeps it in a side queue that new tasks overtake. With a signal on every request that meant one
 * request per worker at a time and a queue that was not first-in first-out: at 64 connections, p99 300 ms and
 * stalls of 1–2 s for answers that took 0.1 ms in the worker (bench/README.md "Request path"). The deadline is
 * therefore the main thread's own (pool.ts answers 503), and a thread is terminated only when it is really stuck:
 * it holds a request and its event loop has not turned for longer than the deadline.
 *
 * No runtime imports: the main thread loads this without loading Koa or the engine.
 */

/** Layout: [0] requests held (BigInt64 for one array type), [1] Unix ms of the last beat. */
const HELD = 0
const BEAT = 1

/** The worker's side: count the requests it holds, beat while it holds any. */
export interface WorkerHeartbeat {
  /** Shared with the main thread (sent in the ready message). */
  readonly buffer: SharedArrayBuffer
  /** A request starts: counted, and the beat is fresh (a worker waking from idle is not stale). */
  begin(): void
  /**
   * A request ended (answered or failed).
   * @returns the requests the worker still holds
   */
  end(): number
}

/**
 * Starts a worker's heartbeat: the beat is written at each request's start and end and every `intervalMs` while
 * the event loop turns (an unref'd timer: an idle worker parked in `Atomics.wait` holds nothing, so a missed beat
 * then means nothing).
 *
 * @example
 * const heartbeat = startWorkerHeartbeat(100)
 * heartbeat.begin(); try { await handle(request) } finally { if (heartbeat.end() === 0) flushLog() }
 */
export function startWorkerHeartbeat(intervalMs: number): WorkerHeartbeat {
  const buffer = new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT)
  const cells = new BigInt64Array(buffer)
  const beat = () => void Atomics.store(cells, BEAT, BigInt(Date.now()))
  beat()
  setInterval(beat, intervalMs).unref()
  return {
    buffer,
    begin() {
      Atomics.add(cells, HELD, 1n)
      beat()
    },
    end() {
      const held = Atomics.sub(cells, HELD, 1n) - 1n
      beat()
      return Number(held)
    },
  }
}

/**
 * How long a worker's thread has been stuck, read on the main thread: milliseconds since its last beat while it
 * holds requests, else 0 (an idle worker is never stuck).
 *
 * @example if (stuckForMs(buffer, Date.now()) > deadlineMs) void worker.terminate()
 */
export function stuckForMs(buffer: SharedArrayBuffer, nowMs: number): number {
  const cells = new BigInt64Array(buffer)
  if (Atomics.load(cells, HELD) <= 0n) return 0
  return Math.max(0, nowMs - Number(Atomics.load(cells, BEAT)))
}
