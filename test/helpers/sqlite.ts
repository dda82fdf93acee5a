import { type Database, openDatabase } from '../../service/store/database.js'

export { openDatabase, pragmaValue, valueOf } from '../../service/store/database.js'

/**
 * Runs a query on a connection of its own to a store file: for what the Store interface does not expose. The
 * query only reads (libsql does not honour `readonly`).
 */
export function inspectDatabase<T>(databasePath: string, query: (db: Database) => T): T {
  const db = openDatabase(databasePath)
  try {
    return query(db)
  } finally {
    db.close()
  }
}
