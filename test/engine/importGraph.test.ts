/**
 * The engine entry must stay cheap to import (< 200 ms, < 30 MB): the heavy chain libraries are only reached
 * through the `transactions` entry. Checked statically over the import graph, so the test is fast and not noisy.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const HEAVY = ['viem', '@solana/web3.js', 'bitcoinjs-lib']
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm

/** Packages reached by value imports from an entry, and the files reached. */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const [, specifier] of readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)) {
      if (specifier!.startsWith('.'))
        visit(relative(ROOT, resolve(ROOT, dirname(file), specifier!.replace(/\.js$/, '.ts'))))
      else
        packages.add(
          specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!.split('/')[0]!,
        )
    }
  }
  visit(entry)
  return { files, packages }
}

describe('import graph', () => {
  it('keeps viem, @solana/web3.js and bitcoinjs-lib out of the engine entry', () => {
    const { files, packages } = importGraph('engine/index.ts')
    expect(files).toContain('engine/vm/registry.ts')
    expect(HEAVY.filter((name) => packages.has(name))).toEqual([])
    expect(
      [...files].filter((file) => file.startsWith('engine/vm/evm/') || file === 'engine/vm/transactions.ts'),
    ).toEqual([])
  })

  it('reaches viem and bitcoinjs-lib through the transactions entry', () => {
    expect(importGraph('engine/transactions.ts').packages.has('viem')).toBe(true)
    expect(importGraph('engine/transactions.ts').packages.has('bitcoinjs-lib')).toBe(true)
  })
})
