/**
 * The fixture venue's data file (`fixtures/venue/venue.json`, built by `fixtures/venue/build.ts`): its format and
 * its reading.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { VenueEvent } from '../schema/venueMarket.js'
import type { OrderBook } from './book.js'

/** The fixture venue as stored: every event with its markets, and the book of every outcome token. */
export interface VenueFixture {
  readonly version: 1
  /** The fixture's "now" (ISO 8601): `updatedAt` of every record. */
  readonly asOf: string
  readonly events: readonly VenueEvent[]
  readonly books: readonly OrderBook[]
}

/** A fixture read from disk, with the hash of its bytes (the store reloads its catalog when it changes). */
export interface LoadedVenueFixture {
  readonly fixture: VenueFixture
  /** SHA-256 of the file, hex. */
  readonly version: string
}

/**
 * Reads a fixture file.
 *
 * @throws Error naming the file when it cannot be read, is not JSON, or is not a version-1 fixture.
 * @example readVenueFixture(config.venue.fixturePath).fixture.events.length // 31
 */
export function readVenueFixture(path: string): LoadedVenueFixture {
  const bytes = readFileSync(path)
  let fixture: VenueFixture
  try {
    fixture = JSON.parse(bytes.toString('utf8')) as VenueFixture
  } catch (error) {
    throw new Error(`venue fixture ${path} is not JSON: ${(error as Error).message}`)
  }
  if (fixture.version !== 1 || !Array.isArray(fixture.events) || !Array.isArray(fixture.books))
    throw new Error(`venue fixture ${path} is not a version-1 fixture ({version: 1, events: [], books: []})`)
  return { fixture, version: createHash('sha256').update(bytes).digest('hex') }
}
