/**
 * One rule, one place: the slippage maximum is changed in `engine/schema/rules.ts` (and nowhere else), and the
 * HTTP answer, the engine's library answer and the OpenAPI document all follow it. If any of them restated the
 * bound, this test would see the old 10000 there.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ETH, ETH_USDC, OP, OP_WETH, SENDER, miniSnapshot } from '../helpers/miniSnapshot.js'

const CHANGED_MAX = 500

vi.doMock('../../engine/schema/rules.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../engine/schema/rules.js')>()),
  SLIPPAGE_MAX_BPS: CHANGED_MAX,
}))

const engineModule = await import('../../engine/index.js')
const { buildOpenApiDocument } = await import('../../service/openapi/document.js')
const { getActionRoutes } = await import('../../service/routes/getAction.js')
const { errors } = await import('../../service/middleware/errors.js')
const { openStore } = await import('../../service/store/sqlite.js')
const Koa = (await import('koa')).default
const Router = (await import('@koa/router')).default

const engine = engineModule.createEngine(engineModule.loadSnapshot(miniSnapshot()))
const request = {
  sender: SENDER,
  srcChainId: ETH,
  srcToken: ETH_USDC,
  dstChainId: OP,
  dstToken: OP_WETH,
  amount: '1000000000',
  swapDirection: 'exact-amount-in' as const,
}

describe(`the slippage maximum, changed to ${CHANGED_MAX} in the rules module only`, () => {
  let server: Server
  let dataDir: string
  let base: string

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'crossroute-rule-'))
    const store = openStore({ dataDir, databasePath: join(dataDir, 'test.sqlite') })
    const app = new Koa()
    app.use(errors())
    app.use(async (ctx, next) => {
      ctx.state.apiKey = {
        keyId: 'k',
        appId: 'a',
        orgId: 'o',
        appName: 'A',
        affiliateId: 'f',
        gasless: false,
        appFees: [],
      }
      await next()
    })
    const api = new Router({ prefix: '/api' })
    api.use(getActionRoutes({ engine, store, config: { quoteTtlSeconds: 60 } }).routes())
    app.use(api.routes())
    server = createServer(app.callback())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/getAction`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    rmSync(dataDir, { recursive: true, force: true })
  })

  const httpQuote = (slippage: number) =>
    fetch(
      `${base}?${new URLSearchParams({ actionType: 'swap-action', ...request, srcChainId: String(ETH), dstChainId: String(OP), slippage: String(slippage) })}`,
    )

  it('the HTTP answer: the maximum is accepted, one past it refused', async () => {
    expect((await httpQuote(CHANGED_MAX)).status).toBe(200)
    const refused = await httpQuote(CHANGED_MAX + 1)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
      code: 'INVALID_PARAMETER',
      details: { parameter: 'slippage', value: String(CHANGED_MAX + 1) },
    })
  })

  it("the engine's library answer: the same bound, the same error", () => {
    expect(engine.quote({ ...request, slippage: CHANGED_MAX }).amountOutMin.amount).toMatch(/^[0-9]+$/)
    expect(() => engine.quote({ ...request, slippage: CHANGED_MAX + 1 })).toThrow(engineModule.InvalidParameterError)
    expect(() => engineModule.parseQuoteRequest({ ...request, slippage: CHANGED_MAX + 1 })).toThrow(
      /between 0 and 500 bps/,
    )
  })

  it('the OpenAPI document: the parameter and the schema carry the new maximum', () => {
    const document = buildOpenApiDocument()
    const parameter = document.components?.parameters?.['GetAction.slippage'] as {
      schema: { maximum: number }
      description: string
    }
    expect(parameter.schema.maximum).toBe(CHANGED_MAX)
    expect(parameter.description).toContain(`0 to ${CHANGED_MAX}`)
  })
})
