import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rules } from '../../engine/index.js'
import { bookSide } from '../../service/venue/matching/bookSide.js'
import { matchMarketOrder } from '../../service/venue/matching/matchMarketOrder.js'
import type { BookSide, MarketOrder, MatchResult, OrderSide } from '../../service/venue/matching/types.js'
import { ONE, TICK_SIZES, type TickSize, toMicros } from '../../service/venue/matching/units.js'
import { worstPrice } from '../../service/venue/matching/worstPrice.js'
import type { OrderBook } from '../../service/venue/book.js'

const BOOK: OrderBook = {
  tokenId: '8851848546962572193739008211889046036776198486765606333032192644001246174440',
  market: '0x2e6af11e4b853b05ba7135239b21d77e808889b6ce1e735de856c94c4e5b5fce',
  tickSize: '0.01',
  minOrderSize: '5',
  negRisk: false,
  bids: [
    { price: '0.58', size: '10' },
    { price: '0.57', size: '20' },
  ],
  asks: [
    { price: '0.59', size: '10' },
    { price: '0.60', size: '20' },
  ],
}

const order = (overrides: Partial<MarketOrder>): MarketOrder => ({
  side: 'BUY',
  orderType: 'FOK',
  amount: 5_000_000n,
  limitPriceMicros: 600_000n,
  tickSize: '0.01',
  ...overrides,
})

const slippage = (bps: string) => rules.slippageFraction(bps) as { numerator: bigint; denominator: bigint }

describe('matchMarketOrder: examples', () => {
  it('fills a BUY across levels, best first, within the limit', () => {
    // $10: 10 shares at 0.59 ($5.90), then $4.10 buys 6.83 shares at 0.60 ($4.098).
    const result = matchMarketOrder(order({ amount: 10_000_000n }), bookSide(BOOK, 'BUY'))
    expect(result.status).toBe('matched')
    expect(result.fills).toEqual([
      { priceMicros: 590_000n, sizeMicros: 10_000_000n, collateralMicros: 5_900_000n },
      { priceMicros: 600_000n, sizeMicros: 6_830_000n, collateralMicros: 4_098_000n },
    ])
    expect(result).toMatchObject({ sizeMatched: 16_830_000n, originalSize: 16_830_000n, makingAmount: 9_998_000n })
    expect(result).toMatchObject({ takingAmount: 16_830_000n, makerAmount: 10_000_000n, takerAmount: 16_666_600n })
  })

  it('kills a FOK BUY the book cannot fill and fills nothing', () => {
    const result = matchMarketOrder(order({ amount: 50_000_000n }), bookSide(BOOK, 'BUY'))
    expect(result).toMatchObject({ status: 'killed', failure: 'FOK_ORDER_NOT_FILLED_ERROR', fills: [] })
    expect(result).toMatchObject({ sizeMatched: 0n, makingAmount: 0n, takingAmount: 0n })
  })

  it('fills a FAK BUY partly: size_matched below original_size', () => {
    const result = matchMarketOrder(order({ amount: 50_000_000n, orderType: 'FAK' }), bookSide(BOOK, 'BUY'))
    expect(result.status).toBe('matched')
    // The whole book within 0.60: 30 shares for $17.90; the $32.10 left buys 53.5 more at the limit.
    expect(result).toMatchObject({ sizeMatched: 30_000_000n, makingAmount: 17_900_000n })
    expect(result.originalSize).toBe(30_000_000n + 53_500_000n)
  })

  it('sells shares into the bids, down to the limit only', () => {
    const result = matchMarketOrder(
      order({ side: 'SELL', amount: 25_000_000n, limitPriceMicros: 580_000n, orderType: 'FAK' }),
      bookSide(BOOK, 'SELL'),
    )
    expect(result.fills).toEqual([{ priceMicros: 580_000n, sizeMicros: 10_000_000n, collateralMicros: 5_800_000n }])
    expect(result).toMatchObject({ sizeMatched: 10_000_000n, originalSize: 25_000_000n, takingAmount: 5_800_000n })
  })

  it('kills a FAK with nothing within the limit', () => {
    const result = matchMarketOrder(order({ orderType: 'FAK', limitPriceMicros: 580_000n }), bookSide(BOOK, 'BUY'))
    expect(result).toMatchObject({ status: 'killed', failure: 'FAK_ORDER_NOT_FILLED_ERROR', fills: [] })
  })

  it.each([
    ['a BUY under $1', order({ amount: 999_999n }), 'INVALID_ORDER_MIN_SIZE'],
    ['a SELL under 0.01 share', order({ side: 'SELL', amount: 9_999n }), 'INVALID_ORDER_MIN_SIZE'],
    ['another tick', order({ tickSize: '0.001' }), 'INVALID_ORDER_MIN_TICK_SIZE'],
    ['a limit off the grid', order({ limitPriceMicros: 595_000n }), 'INVALID_PRICE'],
    ['a limit of 1', order({ limitPriceMicros: ONE }), 'INVALID_PRICE'],
    ['a limit under the tick', order({ limitPriceMicros: 0n }), 'INVALID_PRICE'],
  ])('rejects %s', (_, input, failure) => {
    expect(matchMarketOrder(input, bookSide(BOOK, input.side))).toMatchObject({ status: 'rejected', failure })
  })

  it('rounds the amount down to cents before matching', () => {
    const result = matchMarketOrder(order({ amount: 5_009_999n }), bookSide(BOOK, 'BUY'))
    expect(result.amount).toBe(5_000_000n)
    expect(result.makingAmount).toBeLessThanOrEqual(5_000_000n)
  })
})

describe('worstPrice', () => {
  it('takes the price of the level that completes the amount, then the slippage, on the grid', () => {
    expect(worstPrice(bookSide(BOOK, 'BUY'), 'BUY', 5_000_000n, slippage('0'))).toBe(590_000n)
    expect(worstPrice(bookSide(BOOK, 'BUY'), 'BUY', 10_000_000n, slippage('0'))).toBe(600_000n)
    // 0.60 × 1.05 = 0.63; 0.60 × 1.01 = 0.606 → 0.60 (a BUY's limit rounds down).
    expect(worstPrice(bookSide(BOOK, 'BUY'), 'BUY', 10_000_000n, slippage('500'))).toBe(630_000n)
    expect(worstPrice(bookSide(BOOK, 'BUY'), 'BUY', 10_000_000n, slippage('100'))).toBe(600_000n)
    // A SELL's rounds up: 0.57 × 0.99 = 0.5643 → 0.57.
    expect(worstPrice(bookSide(BOOK, 'SELL'), 'SELL', 15_000_000n, slippage('100'))).toBe(570_000n)
  })

  it('uses the last level of a thin side, and stays inside [tick, 1 − tick]', () => {
    expect(worstPrice(bookSide(BOOK, 'BUY'), 'BUY', 1_000_000_000n, slippage('0'))).toBe(600_000n)
    expect(worstPrice(bookSide(BOOK, 'BUY'), 'BUY', 5_000_000n, slippage('10000'))).toBe(990_000n)
    expect(worstPrice(bookSide(BOOK, 'SELL'), 'SELL', 5_000_000n, slippage('10000'))).toBe(10_000n)
    expect(worstPrice({ tickSize: '0.01', levels: [] }, 'BUY', 5_000_000n, slippage('50'))).toBeUndefined()
  })
})

/** A side of a random book: distinct prices on the grid, best first, sizes in whole hundredths of a share. */
const bookSideArbitrary = (side: OrderSide): fc.Arbitrary<BookSide> =>
  fc.constantFrom(...TICK_SIZES).chain((tickSize: TickSize) => {
    const tick = toMicros(tickSize)
    const ticks = Number(ONE / tick) - 1
    return fc
      .uniqueArray(fc.integer({ min: 1, max: ticks }), { minLength: 0, maxLength: 8 })
      .chain((prices) =>
        fc.tuple(
          fc.constant(prices.sort((a, b) => (side === 'BUY' ? a - b : b - a))),
          fc.array(fc.bigInt({ min: 1n, max: 100_000n }), { minLength: prices.length, maxLength: prices.length }),
        ),
      )
      .map(([prices, sizes]) => ({
        tickSize,
        levels: prices.map((price, index) => ({
          priceMicros: BigInt(price) * tick,
          sizeMicros: sizes[index]! * 10_000n,
        })),
      }))
  })

const caseArbitrary = fc.constantFrom<OrderSide>('BUY', 'SELL').chain((side) =>
  fc.record({
    book: bookSideArbitrary(side),
    side: fc.constant(side),
    orderType: fc.constantFrom<'FOK' | 'FAK'>('FOK', 'FAK'),
    amount: fc.bigInt({ min: 0n, max: 2_000_000_000n }),
    limitFraction: fc.integer({ min: 0, max: 1000 }),
  }),
)

interface CaseInput {
  book: BookSide
  side: OrderSide
  orderType: 'FOK' | 'FAK'
  amount: bigint
  limitFraction: number
}

/** The order of a case: its limit somewhere on the tick grid. */
function orderOf(input: CaseInput): MarketOrder {
  const tick = toMicros(input.book.tickSize)
  const ticks = ONE / tick - 1n
  const limit = (1n + (BigInt(input.limitFraction) * (ticks - 1n)) / 1000n) * tick
  return { ...input, tickSize: input.book.tickSize, limitPriceMicros: limit }
}

const total = (values: readonly bigint[]) => values.reduce((sum, value) => sum + value, 0n)

describe('matchMarketOrder: properties', () => {
  const check = (property: (input: CaseInput, order: MarketOrder, result: MatchResult) => void) =>
    fc.assert(
      fc.property(caseArbitrary, (input) => {
        const marketOrder = orderOf(input)
        property(input, marketOrder, matchMarketOrder(marketOrder, input.book))
      }),
      { numRuns: 1_000 },
    )

  it('takes a prefix of the book, never more than a level holds, in whole hundredths of a share', () => {
    check(({ book }, _, result) => {
      result.fills.forEach((fill, index) => {
        const level = book.levels[index]!
        expect(fill.priceMicros).toBe(level.priceMicros)
        expect(fill.sizeMicros > 0n && fill.sizeMicros <= level.sizeMicros).toBe(true)
        expect(fill.sizeMicros % 10_000n).toBe(0n)
        // Only the last fill may leave a level partly filled.
        if (index < result.fills.length - 1) expect(fill.sizeMicros).toBe(level.sizeMicros)
      })
    })
  })

  it('never fills at a price worse than the limit', () => {
    check((_, order, result) => {
      for (const fill of result.fills) {
        if (order.side === 'BUY') expect(fill.priceMicros <= order.limitPriceMicros).toBe(true)
        else expect(fill.priceMicros >= order.limitPriceMicros).toBe(true)
      }
    })
  })

  it('fills a FOK whole or not at all; a FAK only with a match', () => {
    check((_, order, result) => {
      if (result.status !== 'matched') {
        expect(result.fills).toEqual([])
        expect(result.makingAmount + result.takingAmount + result.sizeMatched).toBe(0n)
        return
      }
      expect(result.fills.length).toBeGreaterThan(0)
      if (order.orderType === 'FOK') expect(result.sizeMatched).toBe(result.originalSize)
      else expect(result.sizeMatched <= result.originalSize).toBe(true)
    })
  })

  it('is killed as a FOK exactly when the same FAK would fill less than whole', () => {
    check(({ book }, order, result) => {
      const fak = matchMarketOrder({ ...order, orderType: 'FAK' }, book)
      const fakWhole = fak.status === 'matched' && fak.sizeMatched === fak.originalSize
      if (order.orderType === 'FOK' && result.status !== 'rejected') expect(result.status === 'matched').toBe(fakWhole)
    })
  })

  it('conserves collateral: Σ price × size, rounded against the trader, within the amount', () => {
    check((_, order, result) => {
      const exact = result.fills.map((fill) => fill.priceMicros * fill.sizeMicros)
      const shares = total(result.fills.map((fill) => fill.sizeMicros))
      if (order.side === 'BUY') {
        const paid = total(exact.map((value) => (value + ONE - 1n) / ONE))
        expect(result.makingAmount).toBe(paid)
        expect(result.makingAmount * ONE >= total(exact)).toBe(true)
        expect(result.makingAmount <= result.amount).toBe(true)
        expect(result.takingAmount).toBe(shares)
      } else {
        expect(result.takingAmount).toBe(total(exact.map((value) => value / ONE)))
        expect(result.takingAmount * ONE <= total(exact)).toBe(true)
        expect(result.makingAmount).toBe(shares)
        expect(result.makingAmount <= result.amount).toBe(true)
      }
    })
  })

  it('leaves at most the price of 0.01 share unspent on a whole BUY', () => {
    check((_, order, result) => {
      if (order.side !== 'BUY' || result.status !== 'matched' || result.sizeMatched !== result.originalSize) return
      expect((result.amount - result.makingAmount) * 100n < order.limitPriceMicros).toBe(true)
    })
  })
})

describe('worstPrice: properties', () => {
  it('is on the grid, inside [tick, 1 − tick], and never tighter than the book price for the amount', () => {
    fc.assert(
      fc.property(caseArbitrary, fc.integer({ min: 0, max: 10_000 }), ({ book, side, amount }, bps) => {
        const limit = worstPrice(book, side, amount, slippage(String(bps)))
        expect(limit === undefined).toBe(book.levels.length === 0)
        if (limit === undefined) return
        const tick = toMicros(book.tickSize)
        expect(limit % tick).toBe(0n)
        expect(limit >= tick && limit <= ONE - tick).toBe(true)
        // The whole amount matches within it when the book holds it: a FAK at this limit takes the same as at
        // the loosest limit.
        const loosest = side === 'BUY' ? ONE - tick : tick
        const order = { side, orderType: 'FAK' as const, amount, tickSize: book.tickSize }
        const atLimit = matchMarketOrder({ ...order, limitPriceMicros: limit }, book)
        const atLoosest = matchMarketOrder({ ...order, limitPriceMicros: loosest }, book)
        expect(atLimit.sizeMatched).toBe(atLoosest.sizeMatched)
      }),
      { numRuns: 500 },
    )
  })
})
