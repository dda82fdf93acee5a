/**
 * A store that answers everything as the wrapped one does but never records a quote: what
 * `CROSSROUTE_BENCH_NO_STORE=1` (benchmarks only, refused in production) turns on, so that `bench/http.ts` can
 * measure getAction with and without the record's cost in one run. Kept apart from `store/` so that the store's
 * own code has no benchmark switch.
 */
import type { Store } from './store/store.js'

const SKIPPED: ReadonlySet<PropertyKey> = new Set(['recordQuote', 'recordQuoteSoon'])

/**
 * Wraps a store: `recordQuote` and `recordQuoteSoon` do nothing (the latter resolves at once); every other method is
 * the wrapped store's, whatever the interface grows to.
 *
 * @example
 * const store = config.benchNoStore ? withoutQuoteRecords(openStore(config)) : openStore(config)
 */
export function withoutQuoteRecords(store: Store): Store {
  return new Proxy(store, {
    get(target, key) {
      if (SKIPPED.has(key)) return key === 'recordQuoteSoon' ? () => Promise.resolve() : () => undefined
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
