import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Vm } from '../engine/index.js'
import { keyFeesFor } from '../service/keys/keyFees.js'

/** A marked snippet of the README (`<!-- name:start -->` … `<!-- name:end -->`), exactly as users read it. */
function readmeBlock(name: string): string {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const block = new RegExp(`<!-- ${name}:start -->\\s*\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`).exec(
    readme,
  )
  expect(block, `README has a marked ${name}`).not.toBeNull()
  return block![1]!
}

/** The library snippet of the README. */
function readmeExample(): string {
  return readmeBlock('readme-example')
}

/**
 * The example with each `crossroute…` import pointed at the TypeScript source behind that subpath of
 * `package.json` `exports`, found through its declarations (`./dist/engine/loader.d.ts` → `engine/loader.ts`; the
 * JavaScript is a bundle in `dist/lib`): the subpaths the README names must exist. The packed package itself is
 * tested in `test/package/pack.test.ts`.
 */
function againstSources(example: string): string {
  const { exports } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    exports: Record<string, { types?: string; import?: string }>
  }
  return example.replace(/from '(crossroute(?:\/[\w-]+)?)'/g, (_, specifier: string) => {
    const entry = exports[specifier.replace(/^crossroute/, '.')]
    expect(entry?.import, `package.json exports ${specifier}`).toBeDefined()
    const source = entry!.types!.replace(/^\.\/dist\//, '../').replace(/\.d\.ts$/, '.ts')
    return `from '${new URL(source, import.meta.url).href}'`
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('README library example', () => {
  it('is about 10 lines', () => {
    expect(readmeExample().trim().split('\n').length).toBeLessThanOrEqual(12)
  })

  it('runs as written and prints a real quote', async () => {
    const folder = new URL('./.generated/', import.meta.url)
    mkdirSync(folder, { recursive: true })
    const file = new URL('readme-example.ts', folder)
    writeFileSync(file, againstSources(readmeExample()))
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    await import(/* @vite-ignore */ file.href)
    expect(log).toHaveBeenCalledTimes(1)
    const [amountOut, amountOutMin, bridgeIds, routes] = log.mock.calls[0]!
    expect(BigInt(amountOut as string)).toBeGreaterThan(240_000_000n) // 250 USDC → USDT, less fees
    expect(BigInt(amountOutMin as string)).toBe((BigInt(amountOut as string) * 9950n) / 10000n)
    expect((bridgeIds as string[]).length).toBeGreaterThan(0)
    expect(routes).toBeGreaterThanOrEqual(1)
  })
})

describe('README research script', () => {
  it('is about 10 lines', () => {
    expect(readmeBlock('research-script').trim().split('\n').length).toBeLessThanOrEqual(12)
  })

  // Run as a program in a folder of its own (it writes `sweep.svg` where it runs), against the sources.
  it('quotes, applies, re-quotes, sweeps and writes a plot', () => {
    const folder = new URL('./.generated/', import.meta.url)
    mkdirSync(folder, { recursive: true })
    const file = new URL('readme-research.ts', folder)
    writeFileSync(file, againstSources(readmeBlock('research-script')))
    const cwd = mkdtempSync(join(tmpdir(), 'crossroute-research-'))
    const tsx = new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url).href
    const output = execFileSync(process.execPath, ['--import', tsx, fileURLToPath(file)], { cwd, encoding: 'utf8' })
    const [first, again, impacts] = output.trim().split(/ (?=\d+ \[|\[)/)
    expect(BigInt(first!)).toBeGreaterThan(2_000n * 10n ** 18n) // 5M USDC buys over 2,000 WETH
    expect(BigInt(again!)).toBeLessThan(BigInt(first!)) // the first trade moved the price
    const priceImpacts = (impacts!.match(/[\d.]+/g) ?? []).map(Number)
    expect(priceImpacts).toHaveLength(6)
    expect(priceImpacts.every((impact, i) => i === 0 || impact >= priceImpacts[i - 1]!)).toBe(true)
    const svg = readFileSync(join(cwd, 'sweep.svg'), 'utf8')
    expect(svg.match(/aria-roledescription="point"/g)).toHaveLength(12)
    expect(new Resvg(svg).render().width).toBeGreaterThan(500)
  }, 60_000)
})

describe('README development keys', () => {
  it('lists every development key with its organization, app, gasless flag and app fees per source VM', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const { keys } = JSON.parse(readFileSync(new URL('../fixtures/keys.dev.json', import.meta.url), 'utf8')) as {
      keys: { orgId: string; appId: string; gasless: boolean; appFees: { bps: number; receiverAddress: string }[] }[]
    }
    const rows = [
      ...readme.matchAll(/^\| `dev-key[\w-]*` \| (\w+) \| ([\w-]+) \| (yes|no) \| ([^|]+) \| ([^|]+) \|$/gm),
    ]
    expect(rows.map((row) => row[2])).toEqual(keys.map((key) => key.appId))
    // What a request without appFees is charged from each VM of a column (service/keys/keyFees.ts).
    const charged = (fees: { bps: number; receiverAddress: string }[], vms: Vm[]) => {
      const [first, ...others] = vms.map((vm) =>
        keyFeesFor(fees, vm)
          .map((fee) => `${fee.bps} bps to \`${fee.receiverAddress}\``)
          .join(', '),
      )
      for (const other of others) expect(other).toBe(first)
      return first || 'none'
    }
    for (const [, org, app, gasless, evmFees, otherFees] of rows) {
      const key = keys.find((candidate) => candidate.appId === app)!
      expect({ org, gasless: gasless === 'yes' }).toEqual({ org: key.orgId, gasless: key.gasless })
      expect(evmFees).toBe(charged(key.appFees, ['evm', 'hypercore']))
      expect(otherFees).toBe(charged(key.appFees, ['solana', 'bitcoin', 'tron']))
    }
  })
})
