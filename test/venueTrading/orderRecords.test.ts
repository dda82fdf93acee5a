import { Value } from '@sinclair/typebox/value'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../../service/openapi/document.js'
import type { OpenApiDocument } from '../../service/openapi/types.js'
import { VenueOrderRequest, VenueOrderResponse } from '../../service/schema/venueOrder.js'
import { matchMarketOrder } from '../../service/venue/matching/matchMarketOrder.js'
import { orderRequestOf, orderResponseOf } from '../../service/venue/matching/orderRecords.js'
import type { BookSide, MarketOrder } from '../../service/venue/matching/types.js'
import { createContract } from '../service/contract.js'

const TOKEN = '8851848546962572193739008211889046036776198486765606333032192644001246174440'
const ASKS: BookSide = {
  tickSize: '0.01',
  levels: [
    { priceMicros: 590_000n, sizeMicros: 10_000_000n },
    { priceMicros: 600_000n, sizeMicros: 20_000_000n },
  ],
}
const ORDER: MarketOrder = {
  side: 'BUY',
  orderType: 'FAK',
  amount: 50_004_000n,
  limitPriceMicros: 600_000n,
  tickSize: '0.01',
}
const PLACEMENT = {
  orderId: `0x${'ab'.repeat(32)}`,
  owner: '0x76a22D91bcb74261EB53354e25CE4F37dDa32934',
  makerAddress: '0x22dA6635E16e2f540FBe16d253a89DC8a4674eDC',
  market: '0x2e6af11e4b853b05ba7135239b21d77e808889b6ce1e735de856c94c4e5b5fce',
  tokenId: TOKEN,
  outcome: 'Up',
  tradeIds: ['t1', 't2'],
  createdAt: 1_764_000_000,
}
const contract = createContract(JSON.parse(JSON.stringify(buildOpenApiDocument())) as OpenApiDocument)
const component = (name: string) => `#/components/schemas/${name}`

describe('orderRequestOf', () => {
  it('states the order in the venue units: amount in cents, limit as price, shares at the limit as size', () => {
    const request = orderRequestOf({ ...ORDER, tokenId: TOKEN, negRisk: false, slippageBps: 50 })
    expect(request).toEqual({
      side: 'BUY',
      tokenID: TOKEN,
      orderType: 'FAK',
      feeRateBps: 0,
      slippage: 50,
      tickSize: '0.01',
      negRisk: false,
      amount: 50,
      price: 0.6,
      size: 83.3333,
    })
    expect(Value.Check(VenueOrderRequest, request)).toBe(true)
    expect(contract.validate(component('VenueOrderRequest'), request)).toEqual([])
  })

  it("gives a SELL's shares as its size", () => {
    const sell = orderRequestOf({
      ...ORDER,
      side: 'SELL',
      amount: 12_345_678n,
      tokenId: TOKEN,
      negRisk: true,
      slippageBps: 0,
    })
    expect(sell).toMatchObject({ amount: 12.34, size: 12.34, negRisk: true })
  })
})

describe('orderResponseOf', () => {
  it('reports a FAK partial fill: size_matched below original_size', () => {
    const response = orderResponseOf(matchMarketOrder(ORDER, ASKS), PLACEMENT)
    expect(response).toEqual({
      id: PLACEMENT.orderId,
      status: 'matched',
      owner: PLACEMENT.owner,
      maker_address: PLACEMENT.makerAddress,
      market: PLACEMENT.market,
      asset_id: TOKEN,
      side: 'BUY',
      // 30 shares for $17.90; the $32.10 left buys 53.5 more at 0.60.
      original_size: '83.5',
      size_matched: '30',
      price: '0.6',
      outcome: 'Up',
      expiration: '0',
      order_type: 'FAK',
      associate_trades: ['t1', 't2'],
      created_at: 1_764_000_000,
    })
    expect(Value.Check(VenueOrderResponse, response)).toBe(true)
    expect(contract.validate(component('VenueOrderResponse'), response)).toEqual([])
    const request = orderRequestOf({ ...ORDER, tokenId: TOKEN, negRisk: false, slippageBps: 0 })
    const data = { userId: PLACEMENT.owner, orderRequest: request, orderResponse: response }
    expect(contract.validate(component('VenueWorkflowData'), data)).toEqual([])
    expect(contract.validate(component('VenueWorkflowData'), { ...data, orderRequest: undefined })).not.toEqual([])
  })

  it('reports a killed FOK as canceled with nothing matched, and a refused order as invalid', () => {
    const killed = orderResponseOf(matchMarketOrder({ ...ORDER, orderType: 'FOK' }, ASKS), PLACEMENT)
    expect(killed).toMatchObject({ status: 'canceled', size_matched: '0', original_size: '83.33' })
    const refused = orderResponseOf(matchMarketOrder({ ...ORDER, amount: 500_000n }, ASKS), PLACEMENT)
    expect(refused).toMatchObject({ status: 'invalid', size_matched: '0' })
    expect(contract.validate(component('VenueOrderResponse'), killed)).toEqual([])
  })
})
