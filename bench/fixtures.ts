/**
 * The snapshots the engine benchmarks run on: the default fixture and generated ones of 1k, 10k and 100k pools.
 * Generated snapshots are written once to `fixtures/generated/` (git-ignored) under the generator CLI's own file name
 * and reused while a file of the same size and seed is there.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { generateSnapshot } from '../fixtures/generate.js'

export const DEFAULT_FIXTURE_PATH = fileURLToPath(new URL('../fixtures/default.json', import.meta.url))
export const GENERATED_SEED = 1

export interface FixtureSpec {
  /** `default`, `1k`, `10k`, `100k`: used in task names. */
  readonly name: string
  /** Pools in the snapshot (87 for the default fixture). */
  readonly pools: number
  /** Seed of a generated snapshot; absent for the default fixture. */
  readonly seed?: number
}

export const FIXTURES: readonly FixtureSpec[] = [
  { name: 'default', pools: 87 },
  { name: '1k', pools: 1_000, seed: GENERATED_SEED },
  { name: '10k', pools: 10_000, seed: GENERATED_SEED },
  { name: '100k', pools: 100_000, seed: GENERATED_SEED },
]

/** Where a generated snapshot lives: the name `fixtures/generate.ts` gives it by default. */
export function generatedPath(pools: number, seed: number): string {
  return fileURLToPath(new URL(`../fixtures/generated/pools-${pools}-seed-${seed}.json`, import.meta.url))
}

/**
 * The snapshot file of a fixture, generating it first when it is missing.
 * @returns the path and whether this call generated it.
 */
export function ensureFixtureFile(spec: FixtureSpec): { path: string; isGenerated: boolean } {
  if (spec.seed === undefined) return { path: DEFAULT_FIXTURE_PATH, isGenerated: false }
  const path = generatedPath(spec.pools, spec.seed)
  if (existsSync(path)) return { path, isGenerated: false }
  mkdirSync(new URL('../fixtures/generated/', import.meta.url), { recursive: true })
  writeFileSync(path, JSON.stringify(generateSnapshot({ pools: spec.pools, seed: spec.seed })))
  return { path, isGenerated: true }
}
