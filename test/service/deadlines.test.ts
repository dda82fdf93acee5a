/**
 * Request deadlines (`service/deadlines.ts`): an overdue request's `onOverdue` is called once (the pool answers 503), a
 * settled one never is; the checks, and the pool's stuck-worker check with them, go on while any request is
 * unsettled. End states only (the check runs on an interval).
 */
import { describe, expect, it } from 'vitest'
import { createDeadlines } from '../../service/deadlines.js'

describe('createDeadlines', () => {
  it('calls onOverdue of requests past the deadline; settled requests are left alone', async () => {
    const deadlines = createDeadlines(20)
    const overdue = deadlines.start()
    const answered = deadlines.start()
    let heard = 0
    overdue.onOverdue = () => (heard += 1)
    answered.onOverdue = () => (heard += 100)
    deadlines.settle(answered)
    await expect.poll(() => overdue.isOverdue, { timeout: 5_000 }).toBe(true)
    expect(heard).toBe(1)
    expect(answered.isOverdue).toBe(false)
    // A later request gets its own full deadline (the check timer restarts with it).
    const later = deadlines.start()
    await expect.poll(() => later.isOverdue, { timeout: 5_000 }).toBe(true)
    deadlines.stop()
  })

  it('an overdue request is told once, and the checks (with onCheck) go on until it is settled', async () => {
    let checks = 0
    const deadlines = createDeadlines(10, () => (checks += 1))
    const overdue = deadlines.start()
    let heard = 0
    overdue.onOverdue = () => (heard += 1)
    await expect.poll(() => overdue.isOverdue, { timeout: 5_000 }).toBe(true)
    // Still unsettled (a worker holds it): checked again and again, but told only once.
    const seen = checks
    await expect.poll(() => checks, { timeout: 5_000 }).toBeGreaterThan(seen + 2)
    expect(heard).toBe(1)
    deadlines.settle(overdue)
    // Settled: the timer stops, so onCheck stops with it.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const stopped = checks
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(checks).toBe(stopped)
    deadlines.stop()
  })
})
