import Database from 'better-sqlite3'

/** Runs a query on a read-only connection of its own to a store file: for what the Store interface does not expose. */
export function inspectDatabase<T>(databasePath: string, query: (db: Database.Database) => T): T {
  const db = new Database(databasePath, { readonly: true })
  try {
    return query(db)
  } finally {
    db.close()
  }
}
