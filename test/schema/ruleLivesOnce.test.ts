/**
 * One rule, one place: the slippage maximum is changed in `engine/schema/rules.ts` (and nowhere else), and the
 * HTTP answer, the engine's library answer and the OpenAPI document all follow it. If any of them restated the
 * bound, this test would see the old 10000 there.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ETH, ETH_USDC, OP, OP_WETH, SENDER, miniSnapshot } from '../helpers/miniSnapshot.js'

/** A snapshot id for quotes built outside the service (`snapshotIdOf` gives real ones). */
const SNAPSHOT_ID = '0123456789abcdef0123456789abcdef'

const CHANGED_MAX = 500

vi.doMock('../../engine/schema/rules.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../engine/schema/rules.js')>()),
  SLIPPAGE_MAX_BPS: CHANGED_MAX,
}))

const engineModule = await import('../../engine/index.js')
const { buildOpenApiDocument } = await import('../../service/openapi/document.js')
const { getActionRoutes } = await import('../../service/routes/getAction.js')
const { serveRoutes } = await import('../helpers/serveRoutes.js')

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
  let api: Awaited<ReturnType<typeof serveRoutes>>

  beforeAll(async () => {
    api = await serveRoutes({
      routers: (store) => [
        getActionRoutes({
          engine,
          snapshotId: SNAPSHOT_ID,
          store,
          config: { quoteTtlSeconds: 60 },
          // Swap actions only: their addresses are the compliance middleware's (not mounted here), none the store's.
          screenAddresses: () => undefined,
        }),
      ],
    })
  })
  afterAll(() => api.close())

  const httpQuote = (slippage: number) =>
    api.get('/getAction', {
      actionType: 'swap-action',
      ...request,
      srcChainId: String(ETH),
      dstChainId: String(OP),
      slippage: String(slippage),
    })

  it('the HTTP answer: the maximum is accepted, one past it refused', async () => {
    expect((await httpQuote(CHANGED_MAX)).status).toBe(200)
    const refused = await httpQuote(CHANGED_MAX + 1)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({
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
