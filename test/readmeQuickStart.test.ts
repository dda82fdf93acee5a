/**
 * The README's quick start against the real service (issue 26): each curl of the marked block answers 200 with the
 * fees the text promises (dev-key-alpha charges from EVM sources only), and a registered cross-chain quote reaches
 * `success` within seconds with `SIMULATED_TIME_SCALE=0.001`, as the text after the block says.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningService, startService } from './helpers/startService.js'

/** The curls of the README's quick-start block: their key and path (after `/api`). */
function quickStartCalls(): { key: string; path: string }[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const block = /<!-- quick-start:start -->([\s\S]*?)<!-- quick-start:end -->/.exec(readme)?.[1] ?? ''
  return [...block.matchAll(/^curl -H 'x-api-key: ([\w-]+)' 'http:\/\/localhost:3000\/api(\/[^']+)'$/gm)].map(
    (match) => ({ key: match[1]!, path: match[2]! }),
  )
}

interface Action {
  txId: string
  vmId: string
  amountIn: { chainId: number }
  amountOut: { chainId: number; amount: string }
  appFees: { bps: number }[]
}

let service: RunningService
beforeAll(async () => {
  service = await startService({ THREADS: '1', SIMULATED_TIME_SCALE: '0.001' })
}, 90_000)
afterAll(async () => {
  await service?.stop()
})

describe("the README's quick start", () => {
  it('answers a same-chain, a cross-chain, a Solana-source and a Bitcoin-source quote', async () => {
    const calls = quickStartCalls()
    expect(calls).toHaveLength(4)
    const actions: Action[] = []
    for (const { key, path } of calls) {
      const response = await fetch(`${service.url}${path}`, { headers: { 'x-api-key': key } })
      const body = await response.text()
      expect(response.status, body).toBe(200)
      actions.push(JSON.parse(body) as Action)
    }
    const [same, cross, solana, bitcoin] = actions as [Action, Action, Action, Action]
    expect([same.vmId, same.amountIn.chainId, same.amountOut.chainId]).toEqual(['evm', 42161, 42161])
    expect(same.appFees.map((fee) => fee.bps)).toEqual([25])
    expect([cross.vmId, cross.amountIn.chainId, cross.amountOut.chainId]).toEqual(['evm', 42161, 10])
    expect([solana.vmId, solana.appFees]).toEqual(['solana', []])
    expect([bitcoin.vmId, bitcoin.amountIn.chainId, bitcoin.appFees]).toEqual(['alt-vm', 20000000000001, []])
  }, 60_000)

  it('tracks a registered cross-chain quote to success within seconds with SIMULATED_TIME_SCALE=0.001', async () => {
    const cross = quickStartCalls()[1]!
    const headers = { 'x-api-key': cross.key }
    const action = (await (await fetch(`${service.url}${cross.path}`, { headers })).json()) as Action
    const registered = await fetch(`${service.url}/registerTxs`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ txId: action.txId, txHash: `0x${'ab'.repeat(32)}`, chainId: 42161, vmId: 'evm' }),
    })
    expect(await registered.json()).toEqual([{ success: true, error: null, code: null }])
    const started = Date.now()
    let status = ''
    while (status !== 'success' && Date.now() - started < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      const answer = (await (await fetch(`${service.url}/getStatus?txId=${action.txId}`, { headers })).json()) as {
        status: string
      }
      status = answer.status
    }
    expect(status).toBe('success')
  }, 60_000)
})
