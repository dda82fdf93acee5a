/**
 * `parseValidQuoteRequest` is `parseQuoteRequest` after its schema check: the same result and the same errors for
 * the rules no schema expresses, and no second schema check (what lets getAction validate its query once).
 */
import { describe, expect, it } from 'vitest'
import {
  BaseError,
  InvalidAddressError,
  type ValidQuoteRequest,
  parseQuoteRequest,
  parseValidQuoteRequest,
} from '../../../engine/index.js'
import { ETH, ETH_USDC, OP, OP_WETH, SENDER } from '../../helpers/miniSnapshot.js'
import { thrown } from '../../helpers/thrown.js'

const REQUEST: ValidQuoteRequest = {
  sender: SENDER,
  srcChainId: ETH,
  srcToken: ETH_USDC,
  dstChainId: OP,
  dstToken: OP_WETH,
  amount: '1000000000',
  swapDirection: 'exact-amount-in',
  slippage: 50,
  appFees: [{ bps: 30, receiverAddress: SENDER }],
}

/** What a parse throws, as data: its code and details. */
function failure(parse: () => unknown): { code: string; details: unknown } {
  const error = thrown(parse, BaseError)
  return { code: error.code, details: error.details }
}

describe('parseValidQuoteRequest', () => {
  it('gives what parseQuoteRequest gives for a valid request', () => {
    expect(parseValidQuoteRequest(REQUEST, { protocolFeeBps: 5 })).toEqual(
      parseQuoteRequest(REQUEST, { protocolFeeBps: 5 }),
    )
  })

  it.each([
    ['an amount above 2^256 − 1', { amount: (2n ** 256n).toString() }, {}],
    ['a zero amount', { amount: '0' }, {}],
    ['slippage finer than 0.0001 bps', { slippage: 0.00001 }, {}],
    [
      'fees reaching 10000 bps with the protocol fee',
      { appFees: [{ bps: 9_990, receiverAddress: SENDER }] },
      { protocolFeeBps: 10 },
    ],
  ])('throws what parseQuoteRequest throws for %s', (_name, change, options) => {
    const request = { ...REQUEST, ...change }
    const expected = failure(() => parseQuoteRequest(request, options))
    expect(failure(() => parseValidQuoteRequest(request, options))).toEqual(expected)
  })

  it('takes the raw values of the caller for error details, as parseQuoteRequest does', () => {
    const request = { ...REQUEST, amount: `00${(2n ** 256n).toString()}` }
    const rawValueOf = (name: string) => (name === 'amount' ? request.amount : undefined)
    expect(failure(() => parseValidQuoteRequest(request, { rawValueOf })).details).toMatchObject({
      parameter: 'amount',
      value: request.amount,
    })
  })

  it('does not check the schema again: the caller validated', () => {
    const request = { ...REQUEST, sender: 'x'.repeat(200) }
    expect(() => parseQuoteRequest(request)).toThrow(InvalidAddressError)
    expect(parseValidQuoteRequest(request).sender).toBe(request.sender)
  })
})
