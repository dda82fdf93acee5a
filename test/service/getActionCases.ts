/**
 * The getAction validation rules as a table: each row is a query (a valid one with fields replaced), the error
 * class, its code and its exact details. `getAction.unit.test.ts` runs every row against the parser and through
 * the route; rows marked `engine` are checked by the engine, so only through the route.
 */
import { expect } from 'vitest'
import {
  type BaseError,
  InvalidAddressError,
  InvalidAmountZeroError,
  InvalidParameterError,
  InvalidSrcTokenError,
  MissingRequiredFieldError,
  UnsupportedNetworkError,
  UnsupportedSwapDirectionError,
} from '../../engine/index.js'
import { ETH_USDC, OP_USDC, SOLANA, SOL_RECIPIENT, SOL_USDC, SOL_WSOL, ZERO } from '../helpers/miniSnapshot.js'

export interface ErrorCase {
  name: string
  base: 'swap' | 'call'
  query: Record<string, string | string[] | null>
  error: abstract new (...args: never[]) => BaseError
  code: string
  details: unknown
  engine?: boolean
}

/** A reason is prose: its presence is the contract, its wording only where a row names a pattern. */
const any: unknown = expect.any(String)
const reason = (pattern: RegExp): unknown => expect.stringMatching(pattern)

const missing = (base: ErrorCase['base'], field: string, context: string): ErrorCase => ({
  name: `${field} absent`,
  base,
  query: { [field]: null },
  error: MissingRequiredFieldError,
  code: 'MISSING_REQUIRED_FIELD',
  details: { field, context },
})
const invalid = (
  name: string,
  base: ErrorCase['base'],
  query: ErrorCase['query'],
  parameter: string,
  value: string,
  why: unknown = any,
): ErrorCase => ({
  name,
  base,
  query,
  error: InvalidParameterError,
  code: 'INVALID_PARAMETER',
  details: { parameter, value, reason: why },
})
const badAddress = (
  name: string,
  base: ErrorCase['base'],
  query: ErrorCase['query'],
  field: string,
  address: string,
  engine = false,
): ErrorCase => ({
  name,
  base,
  query,
  error: InvalidAddressError,
  code: 'INVALID_ADDRESS_FORMAT',
  details: { field, address, reason: any },
  engine,
})
const SAME_CHAIN = /only for Solana same-chain swaps/

export const ERROR_CASES: readonly ErrorCase[] = [
  // Always required.
  ...['actionType', 'sender', 'srcChainId', 'srcToken', 'dstChainId', 'dstToken', 'slippage'].map((field) =>
    missing('swap', field, 'getAction'),
  ),
  { ...missing('swap', 'sender', 'getAction'), name: 'sender empty', query: { sender: '' } },
  // actionType.
  invalid('actionType unknown', 'swap', { actionType: 'bridge' }, 'actionType', 'bridge'),
  // A venue order needs its recipient (the proxy wallet) and its venue parameters.
  {
    ...missing('swap', 'recipient', 'venue'),
    name: 'actionType venue without its parameters',
    query: { actionType: 'venue', recipient: null },
  },
  {
    ...missing('swap', 'userId', 'venue'),
    name: 'actionType venue without userId',
    query: { actionType: 'venue', recipient: '0x22dA6635E16e2f540FBe16d253a89DC8a4674eDC' },
  },
  invalid('side on a swap-action', 'swap', { side: 'BUY' }, 'side', 'BUY', reason(/only for the venue action type/)),
  // Chain ids: canonical decimal integers.
  ...['01', '1.0', '-1', '+1', '1e3', '0x1', 'one', '0', '99999999999999999'].map((value) =>
    invalid(`srcChainId ${value}`, 'swap', { srcChainId: value }, 'srcChainId', value),
  ),
  invalid('dstChainId 10.5', 'swap', { dstChainId: '10.5' }, 'dstChainId', '10.5'),
  // slippage.
  ...['-1', '10000.5', '10001', 'abc', '1e2', '.5', 'NaN', 'Infinity'].map((value) =>
    invalid(`slippage ${value}`, 'swap', { slippage: value }, 'slippage', value),
  ),
  // Repeated single-valued parameters.
  invalid('srcChainId repeated', 'swap', { srcChainId: ['1', '1'] }, 'srcChainId', '1,1'),
  invalid('amount repeated', 'swap', { amount: ['1', '2'] }, 'amount', '1,2'),
  // swap-action.
  missing('swap', 'amount', 'swap-action'),
  missing('swap', 'swapDirection', 'swap-action'),
  {
    name: 'swapDirection unknown',
    base: 'swap',
    query: { swapDirection: 'sideways' },
    error: UnsupportedSwapDirectionError,
    code: 'UNSUPPORTED_SWAP_DIRECTION',
    details: { swapDirection: 'sideways' },
  },
  ...['1.5', '-1', '1e6', 'abc', ' 1'].map((value) =>
    invalid(`amount ${value}`, 'swap', { amount: value }, 'amount', value),
  ),
  invalid(
    'amount past uint256',
    'swap',
    { amount: (2n ** 256n).toString() },
    'amount',
    (2n ** 256n).toString(),
    reason(/uint256/),
  ),
  {
    name: 'amount 0',
    base: 'swap',
    query: { amount: '0' },
    error: InvalidAmountZeroError,
    code: 'INVALID_AMOUNT_ZERO',
    details: undefined,
  },
  {
    name: 'amount 000',
    base: 'swap',
    query: { amount: '000' },
    error: InvalidAmountZeroError,
    code: 'INVALID_AMOUNT_ZERO',
    details: undefined,
  },
  invalid(
    'swap-action with to',
    'swap',
    { to: '0x5555555555555555555555555555555555555555' },
    'to',
    '0x5555555555555555555555555555555555555555',
  ),
  // evm-calldata-tx.
  missing('call', 'to', 'evm-calldata-tx'),
  missing('call', 'data', 'evm-calldata-tx'),
  { ...missing('call', 'erc20Amount', 'evm-calldata-tx without value'), name: 'neither erc20Amount nor value' },
  badAddress('to malformed', 'call', { to: '0x1234' }, 'to', '0x1234'),
  badAddress(
    'to with a bad checksum',
    'call',
    { to: '0xa0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    'to',
    '0xa0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  ),
  badAddress('to the zero address', 'call', { to: ZERO }, 'to', ZERO),
  badAddress('erc20Spender malformed', 'call', { erc20Spender: 'spender' }, 'erc20Spender', 'spender'),
  invalid('data of odd length', 'call', { data: '0xabc' }, 'data', '0xabc'),
  invalid('data not hex', 'call', { data: 'a9059cbb' }, 'data', 'a9059cbb'),
  invalid('value not an amount', 'call', { erc20Amount: null, value: '1.5', dstToken: ZERO }, 'value', '1.5'),
  invalid('erc20Amount not an amount', 'call', { erc20Amount: '-5' }, 'erc20Amount', '-5'),
  invalid('both erc20Amount and a value', 'call', { value: '1' }, 'value', '1'),
  {
    name: 'erc20Amount 0',
    base: 'call',
    query: { erc20Amount: '0' },
    error: InvalidAmountZeroError,
    code: 'INVALID_AMOUNT_ZERO',
    details: undefined,
  },
  invalid('evm-calldata-tx with amount', 'call', { amount: '5' }, 'amount', '5'),
  invalid(
    'evm-calldata-tx exact-amount-in',
    'call',
    { swapDirection: 'exact-amount-in' },
    'swapDirection',
    'exact-amount-in',
  ),
  invalid(
    'evm-calldata-tx to a non-EVM chain',
    'call',
    { dstChainId: String(SOLANA), dstToken: SOL_USDC },
    'dstChainId',
    String(SOLANA),
  ),
  invalid('value with an ERC-20 dstToken', 'call', { erc20Amount: null, value: '1000' }, 'dstToken', OP_USDC),
  invalid('erc20Amount with the native dstToken', 'call', { dstToken: ZERO }, 'dstToken', ZERO),
  // bridgeIds.
  invalid('bridgeIds unknown', 'swap', { bridgeIds: 'wormhole' }, 'bridgeIds', 'wormhole'),
  invalid('bridgeIds unknown among known', 'swap', { bridgeIds: ['cctp', 'across,nope'] }, 'bridgeIds', 'nope'),
  invalid('bridgeIds with an empty item', 'swap', { bridgeIds: 'cctp,,across' }, 'bridgeIds', 'cctp,,across'),
  // appFees.
  ...[
    ['malformed JSON', '[{bps:1}'],
    ['not an array', '{"bps":1,"receiverAddress":"0x2222222222222222222222222222222222222222"}'],
    ['an element not an object', '[1]'],
    ['negative bps', '[{"bps":-1,"receiverAddress":"0x2222222222222222222222222222222222222222"}]'],
    ['non-integer bps', '[{"bps":1.5,"receiverAddress":"0x2222222222222222222222222222222222222222"}]'],
    ['bps as a string', '[{"bps":"10","receiverAddress":"0x2222222222222222222222222222222222222222"}]'],
    ['no receiverAddress', '[{"bps":10}]'],
    [
      'bps summing past 10000',
      '[{"bps":6000,"receiverAddress":"0x2222222222222222222222222222222222222222"},{"bps":4001,"receiverAddress":"0x3333333333333333333333333333333333333333"}]',
    ],
  ].map(([name, value]) => invalid(`appFees ${name}`, 'swap', { appFees: value! }, 'appFees', value!)),
  badAddress(
    'appFees receiver malformed (engine)',
    'swap',
    { appFees: '[{"bps":10,"receiverAddress":"0x12"}]' },
    'appFees.receiverAddress',
    '0x12',
    true,
  ),
  // Booleans and features not supported yet: refused, never ignored.
  invalid('gasless=yes', 'swap', { gasless: 'yes' }, 'gasless', 'yes', reason(/true or false/)),
  invalid('returnDepositAddress=1', 'swap', { returnDepositAddress: '1' }, 'returnDepositAddress', '1'),
  // solanaSponsor: Solana same-chain swaps only (SPEC §4.1).
  invalid(
    'solanaSponsor on an EVM swap',
    'swap',
    { solanaSponsor: SOL_USDC },
    'solanaSponsor',
    SOL_USDC,
    reason(SAME_CHAIN),
  ),
  invalid(
    'solanaSponsor on a bridge out of Solana',
    'swap',
    {
      srcChainId: String(SOLANA),
      srcToken: SOL_USDC,
      sender: SOL_RECIPIENT,
      recipient: '0x1111111111111111111111111111111111111111',
      solanaSponsor: SOL_USDC,
    },
    'solanaSponsor',
    SOL_USDC,
    reason(SAME_CHAIN),
  ),
  invalid('a venue-only parameter', 'swap', { tokenID: '123' }, 'tokenID', '123'),
  // maxSplits: an integer 1–4; above 1 only where the transaction is a router call (EVM, Tron).
  ...['0', '5', '1.5', 'two'].map((value) =>
    invalid(`maxSplits=${value}`, 'swap', { maxSplits: value }, 'maxSplits', value),
  ),
  invalid(
    'maxSplits=2 from Solana (its transaction carries one route)',
    'swap',
    {
      srcChainId: String(SOLANA),
      srcToken: SOL_USDC,
      sender: SOL_RECIPIENT,
      dstChainId: String(SOLANA),
      dstToken: SOL_WSOL,
      recipient: SOL_RECIPIENT,
      maxSplits: '2',
    },
    'maxSplits',
    '2',
    reason(/splits need an EVM source chain/),
  ),
  // Addresses and chains, checked by the engine.
  badAddress('sender malformed (engine)', 'swap', { sender: '0x12' }, 'sender', '0x12', true),
  badAddress('recipient malformed (engine)', 'swap', { recipient: 'nope' }, 'recipient', 'nope', true),
  badAddress('refundTo malformed (engine)', 'swap', { refundTo: '0xZZ' }, 'refundTo', '0xZZ', true),
  {
    name: 'unknown chain (engine)',
    base: 'swap',
    query: { srcChainId: '5' },
    error: UnsupportedNetworkError,
    code: 'UNSUPPORTED_NETWORK',
    details: { chainId: 5 },
    engine: true,
  },
  {
    name: 'srcToken unknown (engine)',
    base: 'swap',
    query: { srcToken: ETH_USDC.toLowerCase().replace('a0', 'a1') },
    error: InvalidSrcTokenError,
    code: 'INVALID_SOURCE_TOKEN',
    details: undefined,
    engine: true,
  },
]
