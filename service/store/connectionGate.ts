/**
 * One SQLite connection serves every concurrent call of its thread. A transaction that spans `await`s (the order
 * workflow's settlement, whose tools return Promises for the PostgreSQL backend) must keep the connection to itself
 * until it commits: any other statement run in between would join its transaction (and be rolled back with it), and
 * a second `BEGIN` would fail. The gate is that exclusion: `exclusive` holds it around such a transaction, and
 * `sqlite.ts` makes every store method wait while it is held. Without an exclusive section open, a method pays
 * one property read.
 */
import type { Database } from './database.js'

/** The exclusion of one connection. */
export interface ConnectionGate {
  /** Whether an exclusive section holds the connection now. */
  readonly isHeld: boolean
  /** Resolves when the section holding the connection ends (at once when none does); re-check `isHeld` after. */
  released(): Promise<void>
  /**
   * Runs `work` holding the connection. Callers come through the store's methods, which wait for the gate first,
   * so the gate is free here.
   * @throws Error when the gate is already held (a caller that bypassed the store's methods: a bug).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>
}

const gates = new WeakMap<Database, ConnectionGate>()

/**
 * The gate of a connection (one per connection, made on first use).
 *
 * @example
 * await gateOf(db).exclusive(async () => { db.exec('BEGIN IMMEDIATE'); await work(); db.exec('COMMIT') })
 */
export function gateOf(db: Database): ConnectionGate {
  let gate = gates.get(db)
  if (gate === undefined) {
    gate = createGate()
    gates.set(db, gate)
  }
  return gate
}

function createGate(): ConnectionGate {
  let holding: Promise<void> | undefined
  return {
    get isHeld() {
      return holding !== undefined
    },
    released: () => holding ?? Promise.resolve(),
    async exclusive(work) {
      if (holding !== undefined) throw new Error('store connection: an exclusive section is already open')
      let release!: () => void
      holding = new Promise((resolve) => (release = resolve))
      try {
        return await work()
      } finally {
        holding = undefined
        release()
      }
    },
  }
}
