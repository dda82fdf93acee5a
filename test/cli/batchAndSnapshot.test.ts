import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { snapshotStats } from '../../cli/commands/snapshot.js'
import { createEngine } from '../../engine/createEngine.js'
import type { QuoteRequest } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import { quoteMany } from '../../engine/research/quoteMany.js'
import { sweepPointOf } from '../../engine/research/sweep.js'
import { generateSnapshot } from '../../fixtures/generate.js'
import { runCli } from '../helpers/runCli.js'

const folder = mkdtempSync(join(tmpdir(), 'crossroute-cli-'))
const engine = createEngine(loadSnapshotFile())
const base = {
  sender: '0x1111111111111111111111111111111111111111',
  srcChainId: 42161,
  srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  dstChainId: 10,
  dstToken: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
  slippage: 50,
}
// Good requests, a zero amount, a missing amount and a line that is not JSON: each answered on its own.
const requests = [
  ...Array.from({ length: 40 }, (_, i) => ({ ...base, amount: String((i + 1) * 12_345_678) })),
  { ...base, amount: '0' },
  { ...base, amount: undefined },
]
const ndjson = [...requests.map((request) => JSON.stringify(request)), 'not json'].join('\n')

/** What the engine answers in-process, in the batch's line format. */
function expectedLines(): unknown[] {
  const answers = quoteMany(engine, [...requests, null] as unknown as QuoteRequest[])
  return answers.map((answer, index) => {
    const amount = String(requests[index]?.amount ?? '')
    return { index, ...(answer.ok ? sweepPointOf(amount, answer.result) : { amount, error: answer.error }) }
  })
}

describe('crossroute batch', () => {
  it('answers every line in-process and on worker threads alike, failures in place', async () => {
    const file = join(folder, 'requests.ndjson')
    writeFileSync(file, ndjson)
    const inProcess = join(folder, 'in-process.ndjson')
    const threaded = join(folder, 'threads.ndjson')
    const one = await runCli(['batch', file, '--out', inProcess])
    expect(one.status).toBe(0)
    expect(one.stderr).toMatch(/^40 quoted, 3 failed, in [\d.]+ s\n$/)
    const two = await runCli(['batch', file, '--threads', '2', '--out', threaded])
    expect(two.status).toBe(0)
    const lines = (path: string) =>
      readFileSync(path, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown)
    expect(lines(inProcess)).toEqual(expectedLines())
    expect(lines(threaded)).toEqual(lines(inProcess))
    const codes = lines(inProcess)
      .slice(40)
      .map((line) => (line as { error: { code: string } }).error.code)
    expect(codes).toEqual(['INVALID_AMOUNT_ZERO', 'MISSING_REQUIRED_FIELD', 'INVALID_PARAMETER'])
  }, 120_000)

  it('reads a JSON array too, and refuses an unreadable file with INVALID_PARAMETER', async () => {
    const file = join(folder, 'requests.json')
    writeFileSync(file, JSON.stringify(requests.slice(0, 3)))
    const { stdout, status } = await runCli(['batch', file, '--json'])
    expect(status).toBe(0)
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(expectedLines().slice(0, 3))
    const missing = await runCli(['batch', join(folder, 'nope.json'), '--json'])
    expect(missing.status).toBe(1)
    expect(JSON.parse(missing.stdout)).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMETER', details: { parameter: 'file' } },
    })
  }, 60_000)
})

describe('crossroute snapshot', () => {
  it('generates the seeded synthetic snapshot, which validates and whose stats count it', async () => {
    const file = join(folder, 'generated.json')
    const generated = await runCli(['snapshot', 'generate', '--pools', '300', '--seed', '7', '--out', file, '--json'])
    expect(generated.status).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(generateSnapshot({ pools: 300, seed: 7 }))),
    )
    const stats = JSON.parse((await runCli(['snapshot', 'stats', file, '--json'])).stdout) as ReturnType<
      typeof snapshotStats
    >
    expect(stats).toEqual(snapshotStats(loadSnapshotFile(file)))
    expect(stats.pools).toBe(300)
    expect(stats.perChain.reduce((sum, chain) => sum + Object.values(chain.pools).reduce((a, b) => a + b, 0), 0)).toBe(
      300,
    )
    const valid = await runCli(['snapshot', 'validate', file])
    expect(valid).toMatchObject({
      status: 0,
      stdout: `${file}: valid (12 chains, ${stats.tokens} tokens, 300 pools, ${stats.lanes} lanes)\n`,
    })
  }, 90_000)

  it('refuses an invalid snapshot with INVALID_SNAPSHOT naming the entry, exit 1', async () => {
    const json = JSON.parse(readFileSync(new URL('../../fixtures/default.json', import.meta.url), 'utf8')) as {
      pools: { id: string }[]
    }
    json.pools[1]!.id = json.pools[0]!.id
    const file = join(folder, 'invalid.json')
    writeFileSync(file, JSON.stringify(json))
    const { stdout, status } = await runCli(['snapshot', 'validate', file, '--json'])
    expect(status).toBe(1)
    const { error } = JSON.parse(stdout) as { error: { code: string; details: { entry: string } } }
    expect(error.code).toBe('INVALID_SNAPSHOT')
    expect(error.details.entry).toContain(json.pools[0]!.id)
  }, 60_000)
})
