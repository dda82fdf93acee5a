import { describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../service/config.js'
import type { Store } from '../../service/store/store.js'
import { withoutQuoteRecords } from '../../service/withoutQuoteRecords.js'

describe('CROSSROUTE_BENCH_NO_STORE', () => {
  it('is off by default, on with 1, and refused in production or with another value', () => {
    expect(loadConfig({}).benchNoStore).toBe(false)
    expect(loadConfig({ CROSSROUTE_BENCH_NO_STORE: '1' }).benchNoStore).toBe(true)
    expect(() => loadConfig({ CROSSROUTE_BENCH_NO_STORE: '1', NODE_ENV: 'production' })).toThrow(/production/)
    expect(() => loadConfig({ CROSSROUTE_BENCH_NO_STORE: 'yes' })).toThrow(/CROSSROUTE_BENCH_NO_STORE/)
  })

  it('wraps the store so that quotes are not recorded and everything else is the store’s', async () => {
    const store = {
      recordQuote: vi.fn(),
      recordQuoteSoon: vi.fn(async () => {}),
      getQuote: vi.fn(function (this: unknown) {
        return this === store ? { txId: 'same store' } : undefined
      }),
    } as unknown as Store
    const wrapped = withoutQuoteRecords(store)
    await wrapped.recordQuote({} as never)
    await wrapped.recordQuoteSoon({} as never)
    expect(store.recordQuote).not.toHaveBeenCalled()
    expect(store.recordQuoteSoon).not.toHaveBeenCalled()
    expect(await wrapped.getQuote('0x01')).toEqual({ txId: 'same store' })
  })
})
