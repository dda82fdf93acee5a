import { describe, expect, it } from 'vitest'
import { createEngine } from '../../engine/createEngine.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import { ARB_USDC, ARB_WETH, USDC_TO_WETH, USDC_TO_WETH_OPTIONS } from '../helpers/arbitrumPair.js'
import { runCli } from '../helpers/runCli.js'

const engine = createEngine(loadSnapshotFile())
const request = USDC_TO_WETH

describe('crossroute quote', () => {
  it("prints the engine's quote as JSON, tokens named by symbol or address", async () => {
    const bySymbol = await runCli([
      'quote',
      '--src',
      '42161:usdc',
      '--dst',
      '42161:WETH',
      '--amount',
      '2500000000',
      '--json',
    ])
    expect(bySymbol.status).toBe(0)
    expect(JSON.parse(bySymbol.stdout)).toEqual(engine.quote({ ...request, amount: '2500000000' }))
    const byAddress = await runCli([
      'quote',
      '--src',
      `42161:${ARB_USDC}`,
      '--dst',
      `42161:${ARB_WETH}`,
      '--amount',
      '2500000000',
      '--json',
    ])
    expect(byAddress.stdout).toBe(bySymbol.stdout)
  }, 60_000)

  it('prints a table for people, amounts in whole tokens', async () => {
    const result = engine.quote({ ...request, amount: '2500000000' })
    const { stdout, status } = await runCli(['quote', ...USDC_TO_WETH_OPTIONS, '--amount', '2500000000'])
    expect(status).toBe(0)
    expect(stdout).toMatch(/amount in\s+2500 USDC/)
    const whole = `${result.amountOut.amount.slice(0, -18)}.${result.amountOut.amount.slice(-18).replace(/0+$/, '')}`
    expect(stdout).toContain(`amount out      ${whole} WETH`)
  }, 60_000)

  it("fails with the spec's code, details and exit 1: for people on stderr, as the envelope with --json", async () => {
    const people = await runCli(['quote', ...USDC_TO_WETH_OPTIONS, '--amount', '0'])
    expect(people).toMatchObject({ status: 1, stdout: '' })
    expect(people.stderr).toContain('error INVALID_AMOUNT_ZERO')
    const script = await runCli(['quote', '--src', '42161:USDC', '--dst', '42161:NOPE', '--amount', '1', '--json'])
    expect(script.status).toBe(1)
    expect(JSON.parse(script.stdout)).toEqual({
      success: false,
      error: expect.objectContaining({
        code: 'INVALID_DESTINATION_TOKEN',
        message: '--dst 42161:NOPE: no token with symbol NOPE on chain 42161 (Arbitrum One) in the snapshot',
      }),
    })
    const snapshot = await runCli([
      'quote',
      ...USDC_TO_WETH_OPTIONS,
      '--amount',
      '1',
      '--snapshot',
      '/nonexistent.json',
    ])
    expect(snapshot.status).toBe(1)
    expect(snapshot.stderr).toContain('error INVALID_SNAPSHOT')
  }, 60_000)
})

describe('crossroute simulate', () => {
  it('applies the trades in sequence and re-quotes on the state they left', async () => {
    const trade = { ...request, amount: '5000000000000' }
    const requote = { ...request, amount: '3000000000000' }
    const { stdout, status } = await runCli([
      'simulate',
      '--trade',
      '42161:USDC,42161:WETH,5000000000000',
      '--trade',
      '42161:USDC,42161:WETH,5000000000000',
      '--requote',
      '42161:USDC,42161:WETH,3000000000000',
      '--json',
    ])
    expect(status).toBe(0)
    const first = engine.quote(trade)
    const second = engine.apply(first).quote(trade)
    const after = engine.apply(first).apply(second).quote(requote)
    const printed = JSON.parse(stdout) as {
      trades: unknown[]
      before: unknown
      after: { amountOut: { amount: string } }
    }
    expect(printed.trades).toEqual([first, second])
    expect(printed.before).toEqual(engine.quote(requote))
    expect(printed.after).toEqual(after)
    expect(BigInt(after.amountOut.amount)).toBeLessThan(BigInt(engine.quote(requote).amountOut.amount))
  }, 60_000)
})
