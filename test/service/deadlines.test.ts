/**
 * Request deadlines (`service/deadlines.ts`): an overdue request is aborted through the signal piscina listens to,
 * a settled one never is. End states only (the check runs on an interval).
 */
import { describe, expect, it } from 'vitest'
import { createDeadlines } from '../../service/deadlines.js'

describe('createDeadlines', () => {
  it('aborts requests past the deadline and tells the listener; settled requests are left alone', async () => {
    const deadlines = createDeadlines(20)
    const overdue = deadlines.start()
    const answered = deadlines.start()
    let heard = 0
    overdue.addEventListener('abort', () => (heard += 1))
    answered.addEventListener('abort', () => (heard += 100))
    deadlines.settle(answered)
    await expect.poll(() => overdue.aborted, { timeout: 5_000 }).toBe(true)
    expect(heard).toBe(1)
    expect(String(overdue.reason)).toMatch(/deadline of 20 ms exceeded/)
    expect(answered.aborted).toBe(false)
    // A later request gets its own full deadline (the check timer restarts with it).
    const later = deadlines.start()
    await expect.poll(() => later.aborted, { timeout: 5_000 }).toBe(true)
    deadlines.stop()
  })

  it('does not call a listener that was removed (piscina removes it when the task ends)', async () => {
    const deadlines = createDeadlines(10)
    const deadline = deadlines.start()
    let heard = false
    deadline.addEventListener('abort', () => (heard = true))
    deadline.removeEventListener()
    await expect.poll(() => deadline.aborted, { timeout: 5_000 }).toBe(true)
    expect(heard).toBe(false)
    deadlines.stop()
  })
})
