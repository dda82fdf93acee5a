/**
 * Enforces "one home per VM and per pool kind" (issue 9): outside its own module, no code compares or switches on a
 * VM name, a wire `vmId`, a pool kind or a chain id. Everything else asks the registries (`engine/vm/registry.ts`,
 * `engine/pools/registry.ts`). Declaring data (a record keyed by VM, a fixture's chain list, a type) is fine: only
 * comparisons (`===`, `!==`, `case`) and `switch`es on chain ids are flagged.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { POOL_KINDS } from '../../engine/pools/registry.js'

const ROOT = join(import.meta.dirname, '../..')
const SCANNED = ['engine', 'service', 'bench', 'fixtures']

const VM_LITERAL = `['"\`](?:evm|solana|bitcoin|tron|hypercore|alt-vm)['"\`]`
// Every registered kind, so a new kind is guarded as soon as it is registered.
const POOL_KIND_LITERAL = `['"\`](?:${Object.keys(POOL_KINDS).join('|')})['"\`]`
/** Comparing with, or branching on, a literal: `x === 'evm'`, `'evm' !== x`, `case 'evm':`. */
const comparedWith = (literal: string) =>
  new RegExp(`(?:===|!==)\\s*${literal}|${literal}\\s*(?:===|!==)|\\bcase\\s+${literal}\\s*:`)

interface Rule {
  readonly name: string
  readonly pattern: RegExp
  /** Path prefixes (from the repository root) that are the knowledge's own home, with why. */
  readonly homes: readonly string[]
}

const RULES: readonly Rule[] = [
  { name: 'VM name or vmId compared', pattern: comparedWith(VM_LITERAL), homes: ['engine/vm/'] },
  { name: 'pool kind compared', pattern: comparedWith(POOL_KIND_LITERAL), homes: ['engine/pools/'] },
  {
    name: 'chain id compared with a number',
    pattern:
      /\b\w*[cC]hainId\s*(?:===|!==)\s*[\d_]+n?\b|\b[\d_]+n?\s*(?:===|!==)\s*[\w.]*[cC]hainId\b|\bswitch\s*\([^)]*[cC]hainId[^)]*\)/,
    homes: [],
  },
  {
    // The non-EVM chains' ids are snapshot data (DESIGN: aggregator numbering); code derives behaviour from `vm`.
    name: 'non-EVM chain id written in code',
    pattern: /\b(?:1_?151_?111_?081_?099_?710|20_?000_?000_?000_?001|728_?126_?428)\b/,
    homes: ['fixtures/', 'bench/', 'service/openapi/', 'engine/schema/scalars.ts'],
  },
]

/**
 * Data builders: fixtures compare their own chain keys ('solana', 'tron', 'hypercore' are also chain keys there) and
 * spec kinds to write snapshot JSON; that is declaring data, not routing on it.
 */
const DATA_BUILDERS = ['fixtures/']

/**
 * Known violations in files owned by other work in progress (issue 9 splits them by file); each is a count, so a new
 * violation in the same file still fails. Remove an entry when its file asks the registry.
 */
const PENDING: Readonly<Record<string, number>> = {}

function sourceFiles(directory: string): string[] {
  return readdirSync(join(ROOT, directory), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
}

/** Code lines only: line comments and TSDoc (examples and prose name VMs freely) are blanked. */
function codeLines(text: string): string[] {
  return text.split('\n').map((line) => {
    const trimmed = line.trimStart()
    if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('//')) return ''
    const comment = line.indexOf(' // ')
    return comment === -1 ? line : line.slice(0, comment)
  })
}

/** Every violation in a text, as `path:line: rule: code`. */
function violations(path: string, text: string): string[] {
  const found: string[] = []
  codeLines(text).forEach((line, index) => {
    for (const rule of RULES) {
      if (rule.homes.some((home) => path.startsWith(home))) continue
      if (rule.name !== 'non-EVM chain id written in code' && DATA_BUILDERS.some((home) => path.startsWith(home)))
        continue
      if (rule.pattern.test(line)) found.push(`${path}:${index + 1}: ${rule.name}: ${line.trim()}`)
    }
  })
  return found
}

describe('one home per VM, pool kind and chain (issue 9)', () => {
  const files = SCANNED.flatMap(sourceFiles)

  it('names only scanned files as pending (counts may drop as their owners fix them)', () => {
    for (const path of Object.keys(PENDING)) expect(files).toContain(path)
  })

  it('scans the source tree', () => {
    expect(files).toContain('engine/routing/graph.ts')
    expect(files).toContain('service/tracker/trackerFromConfig.ts')
    expect(files.length).toBeGreaterThan(100)
  })

  it('finds no comparison on a VM, pool kind or chain id outside its module', () => {
    const unexpected: string[] = []
    for (const path of files) {
      const found = violations(path, readFileSync(join(ROOT, path), 'utf8'))
      if (found.length > (PENDING[path] ?? 0)) unexpected.push(...found)
    }
    expect(unexpected).toEqual([])
  })

  it('catches what it is meant to catch', () => {
    const routing = 'engine/routing/graph.ts'
    expect(violations(routing, "  switch (pool.kind) {\n    case 'constantProduct':\n")).toHaveLength(1)
    expect(violations(routing, "const fee = pool.kind === 'concentrated' ? a : b")).toHaveLength(1)
    expect(violations(routing, "if (pool.kind !== 'whirlpool') return")).toHaveLength(1)
    expect(violations('service/tracker/x.ts', "if (chain?.vm !== 'evm') throw error")).toHaveLength(1)
    expect(violations('service/routes/x.ts', "    case 'alt-vm':")).toHaveLength(1)
    expect(violations('service/compliance/x.ts', 'switch (chainId) {')).toHaveLength(1)
    expect(violations('service/compliance/x.ts', 'if (chainId === 728_126_428) return family')).toHaveLength(2)
    expect(violations('engine/quote/x.ts', 'if (srcChainId === 1) return')).toHaveLength(1)
  })

  it('leaves data declarations, calls, comments and own modules alone', () => {
    expect(violations('service/keys/x.ts', "const VMS: readonly Vm[] = ['evm', 'solana', 'bitcoin', 'tron']")).toEqual(
      [],
    )
    expect(violations('service/routes/x.ts', "const problem = addressProblem('evm', raw)")).toEqual([])
    expect(violations('engine/quote/x.ts', " * if (vm === 'evm') … // an example in TSDoc")).toEqual([])
    expect(violations('engine/quote/x.ts', "const tx = build(quote) // was: vm === 'evm'")).toEqual([])
    expect(violations('engine/vm/registry.ts', "case 'evm':")).toEqual([])
    expect(violations('engine/pools/x.ts', "pool.kind === 'stableswap'")).toEqual([])
    expect(violations('engine/routing/x.ts', "if (edge.kind === 'lane') continue")).toEqual([])
    expect(violations('fixtures/default/lanes.ts', "chain === 'solana' ? 25 : 8")).toEqual([])
  })
})
