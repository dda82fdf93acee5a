/**
 * CPU time of a process's threads from Linux's `/proc/<pid>/task/<tid>/stat`, for the HTTP benchmark's CPU per
 * request by thread. Node names every thread `node`, so threads are told apart by what they do: the main thread is
 * the one whose id is the process's, the `workerCount` busiest others during the measured interval are the worker
 * threads (a piscina worker running quotes uses far more CPU than V8's GC and compiler helpers, libuv's pool or
 * libsql's runtime threads), and the rest are `other`.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux in practice). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100

/** CPU time (user + system) so far of each thread of a process, in µs, by thread id; null without /proc. */
export function threadCpuMicros(pid: number): Map<number, number> | null {
  try {
    const micros = new Map<number, number>()
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        micros.set(Number(tid), statCpuMicros(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')))
      } catch {
        // the thread ended between the listing and the read
      }
    }
    return micros
  } catch {
    return null
  }
}

/** CPU of the interval between two samples, split into the main thread, the worker threads and the others, in µs. */
export interface ThreadCpuSplit {
  main: number
  workers: number
  other: number
}

/** What each kind of thread used between `before` and `after` (threads born in between count from zero). */
export function splitThreadCpu(
  pid: number,
  before: Map<number, number>,
  after: Map<number, number>,
  workerCount: number,
): ThreadCpuSplit {
  const others: number[] = []
  let main = 0
  for (const [tid, micros] of after) {
    const used = micros - (before.get(tid) ?? 0)
    if (tid === pid) main = used
    else others.push(used)
  }
  others.sort((a, b) => b - a)
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  return { main, workers: sum(others.slice(0, workerCount)), other: sum(others.slice(workerCount)) }
}

function statCpuMicros(stat: string): number {
  // Fields after the parenthesized command name start at field 3; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS
}
