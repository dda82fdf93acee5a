/**
 * The store's instrumentation counts transactions entering a status, whoever moved them: routes (quotes,
 * registrations) and the tracker (expiry, progress, deposits it found).
 */
import { describe, expect, it } from 'vitest'
import { instrumentStore, takeObservations } from '../../service/metrics/observations.js'

describe('instrumentStore: transactions by status', () => {
  it('counts a registered deposit under the status the amount rule chose, and nothing for a refused one', async () => {
    takeObservations()
    const store = instrumentStore({
      registerDeposit: async (input: { txId: string; status: string }) =>
        input.txId === 'taken' ? { outcome: 'hash-in-use' } : { outcome: 'registered' },
    })
    await store.registerDeposit({ txId: 'a', status: 'pending' })
    await store.registerDeposit({ txId: 'b', status: 'requires refund' })
    await store.registerDeposit({ txId: 'taken', status: 'pending' })
    expect(takeObservations()?.transactions).toEqual({ pending: 1, 'requires refund': 1 })
  })

  it('counts registrations as pending, only those registered now', async () => {
    takeObservations()
    const store = instrumentStore({
      registerTransactions: async () => [
        { outcome: 'registered' },
        { outcome: 'duplicate' },
        { outcome: 'registered' },
      ],
    })
    await store.registerTransactions()
    expect(takeObservations()?.transactions).toEqual({ pending: 2 })
  })

  it("counts a tracker's status once: a write refused for a lost claim counts nothing", async () => {
    takeObservations()
    const store = instrumentStore({
      recordProgress: async (txId: string, _update: { status?: string }, claim?: string) =>
        !(txId === 'taken' && claim === 'old'),
    })
    await store.recordProgress('a', { status: 'success' }, 'mine')
    await store.recordProgress('taken', { status: 'success' }, 'old')
    await store.recordProgress('b', { status: 'failed' })
    await store.recordProgress('c', {}, 'mine')
    expect(takeObservations()?.transactions).toEqual({ success: 1, failed: 1 })
  })
})
