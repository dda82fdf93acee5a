/**
 * Fuzzing `GET /api/getAction` through the real service (child process, piscina pool, 2 workers) with fast-check:
 * well over 1,000 generated bad requests — missing, garbage, oversized, unicode and duplicated parameters, wrong
 * types, huge amounts, bad slippage, malformed `appFees`, bogus `bridgeIds`, bad addresses for each VM, unknown
 * paths, wrong methods, bad keys, blocked countries, random headers and bodies — sent over HTTP, 8 at a time.
 * Then hostile bodies on every POST endpoint (issue 24): values nested up to 25,000 deep (in a field, deep inside a
 * valid item, or the whole body), oversized strings and keys, truncated JSON, wrong content types.
 *
 * Every request is built to be wrong on at least one axis, so every answer must be a 4xx error envelope (SPEC §7.1)
 * that conforms to the OpenAPI document: never a 5xx, never a hang (each request has a timeout). Afterwards a valid
 * request must still get 200 and exactly the engine's quote.
 *
 * Reproduce a failure with the seed fast-check prints: `FUZZ_SEED=<seed> npx vitest run test/service/fuzz.test.ts`.
 */
import { ARB_USDC, ARB_WETH, BASE_USDC, OP_USDT, SENDER, SOL_WALLET } from '../helpers/mainnet.js'
import { Agent, METHODS } from 'node:http'
import { connect } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRIDGE_IDS, createEngine, snapshotIdOf } from '../../engine/index.js'
import { API_ERROR_CLASSES, type ApiErrorCode } from '../../service/errors.js'
import { loadSnapshotFile, readSnapshotJson } from '../../engine/loader.js'
import { buildOpenApiDocument } from '../../service/openapi/document.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Contract, type ErrorBody, type Reply, createContract, send } from './contract.js'

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122)
/** Batches of `BATCH_SIZE` concurrent requests: 200 × 8 = 1,600 requests (~12 s on 2 cores). */
const NUM_BATCHES = 200
const BATCH_SIZE = 8
const REQUEST_TIMEOUT_MS = 5_000
const START_TIMEOUT_MS = 90_000
/**
 * The service's body limit in this test: small, so that 413 is cheap to provoke, yet above the 40 KB bodies of
 * 20,000 nested arrays that made the POST endpoints answer 500 (issue 24).
 */
const BODY_LIMIT_BYTES = 64 * 1024
/** Batches of `BATCH_SIZE` hostile POST bodies: 60 × 8 = 480 requests. */
const NUM_BODY_BATCHES = 60
/** Longest path and query sent; Node refuses request heads over 16 KB itself (431, no envelope). */
const MAX_PATH_LENGTH = 14_000

const KEYS = ['dev-key-alpha', 'dev-key-alpha-2', 'dev-key-beta']
const BTC_WALLET = 'bc1qw2rljtp62dva655nvx7pd6dp0cyl670ede28v5'
const TRON_WALLET = 'TQEeabbxpAEzVwV7ac36vXnjtiMRWq2r41'
const KNOWN_CHAINS = new Set([
  '1',
  '10',
  '56',
  '137',
  '8453',
  '42161',
  '43114',
  '999',
  '1337',
  '1151111081099710',
  '20000000000001',
  '728126428',
])

type Vm = 'evm' | 'solana' | 'bitcoin' | 'tron'
type Pairs = [string, string][]

/** Valid requests the mutations start from; `recipientVm` is the VM of the destination chain. */
const BASES: { name: string; pairs: Pairs; recipientVm: Vm; isCrossChain: boolean }[] = [
  {
    name: 'same-chain swap',
    recipientVm: 'evm',
    isCrossChain: false,
    pairs: [
      ['actionType', 'swap-action'],
      ['sender', SENDER],
      ['srcChainId', '42161'],
      ['srcToken', ARB_USDC],
      ['dstChainId', '42161'],
      ['dstToken', ARB_WETH],
      ['slippage', '50'],
      ['amount', '1000000000'],
      ['swapDirection', 'exact-amount-in'],
    ],
  },
  {
    name: 'cross-chain swap',
    recipientVm: 'evm',
    isCrossChain: true,
    pairs: [
      ['actionType', 'swap-action'],
      ['sender', SENDER],
      ['srcChainId', '8453'],
      ['srcToken', BASE_USDC],
      ['dstChainId', '10'],
      ['dstToken', OP_USDT],
      ['slippage', '50'],
      ['amount', '1000000000'],
      ['swapDirection', 'exact-amount-out'],
    ],
  },
  {
    name: 'to Solana',
    recipientVm: 'solana',
    isCrossChain: true,
    pairs: [
      ['actionType', 'swap-action'],
      ['sender', SENDER],
      ['srcChainId', '8453'],
      ['srcToken', BASE_USDC],
      ['dstChainId', '1151111081099710'],
      ['dstToken', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
      ['slippage', '50'],
      ['amount', '1000000000'],
      ['swapDirection', 'exact-amount-in'],
      ['recipient', SOL_WALLET],
    ],
  },
  {
    name: 'to Bitcoin',
    recipientVm: 'bitcoin',
    isCrossChain: true,
    pairs: [
      ['actionType', 'swap-action'],
      ['sender', SENDER],
      ['srcChainId', '1'],
      ['srcToken', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
      ['dstChainId', '20000000000001'],
      ['dstToken', 'bitcoin'],
      ['slippage', '100'],
      ['amount', '10000000000'],
      ['swapDirection', 'exact-amount-in'],
      ['recipient', BTC_WALLET],
    ],
  },
  {
    name: 'to Tron',
    recipientVm: 'tron',
    isCrossChain: true,
    pairs: [
      ['actionType', 'swap-action'],
      ['sender', SENDER],
      ['srcChainId', '8453'],
      ['srcToken', BASE_USDC],
      ['dstChainId', '728126428'],
      ['dstToken', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
      ['slippage', '50'],
      ['amount', '1000000000'],
      ['swapDirection', 'exact-amount-in'],
      ['recipient', TRON_WALLET],
    ],
  },
  {
    name: 'evm-calldata-tx',
    recipientVm: 'evm',
    isCrossChain: true,
    pairs: [
      ['actionType', 'evm-calldata-tx'],
      ['sender', SENDER],
      ['srcChainId', '8453'],
      ['srcToken', BASE_USDC],
      ['dstChainId', '10'],
      ['dstToken', OP_USDT],
      ['slippage', '50'],
      ['to', SENDER],
      ['data', '0xa9059cbb'],
      ['erc20Amount', '5000000'],
    ],
  },
]

// ---------------------------------------------------------------------------------------------------------------
// Values that are wrong whatever else the request holds
// ---------------------------------------------------------------------------------------------------------------

/** Non-ASCII text (every parameter's valid values are ASCII, so any of it makes a value invalid). */
// eslint-disable-next-line no-control-regex -- the class is "anything outside ASCII", NUL included
const unicode = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).filter((text) => /[^\x00-\x7f]/.test(text))
/** Inserts a piece into a string at a generated position. */
const insertInto = (valid: string, piece: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.nat({ max: valid.length }), piece)
    .map(([at, inserted]) => valid.slice(0, at) + inserted + valid.slice(at))
/** A long run of a character: oversized values (kept under Node's 16 KB request-head limit). */
const oversized = (char: string) => fc.integer({ min: 200, max: 8000 }).map((length) => char.repeat(length))

const badChainId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '-42161',
    '+10',
    '1.0',
    '10.5',
    '010',
    '1e3',
    '0x1',
    'NaN',
    'Infinity',
    '-Infinity',
    ' 10',
    '10 ',
    'ten',
    '١٠',
    '１０',
    '9007199254740993',
    '99999999999999999999',
  ),
  fc
    .integer({ min: 2, max: 2 ** 31 })
    .map(String)
    .filter((id) => !KNOWN_CHAINS.has(id)), // unknown chains
  insertInto('42161', unicode),
  oversized('9'),
)
const badSlippage = fc.oneof(
  fc.constantFrom(
    '-1',
    '-0.5',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e2',
    '10001',
    '10000.0001',
    '.5',
    '5.',
    '0x10',
    ' 50',
    '50 ',
    '50%',
    '5,0',
    '５０',
    '٥٠',
    'fifty',
    '--1',
  ),
  fc.double({ min: 10_000.001, max: 1e300, noNaN: true }).map(String),
  fc.double({ max: -Number.MIN_VALUE, noNaN: true }).map(String),
  insertInto('50', unicode),
  oversized('1'),
)
const badAmount = fc.oneof(
  fc.constantFrom(
    '-1',
    '1.5',
    '1e18',
    '0x10',
    ' 1',
    '1 ',
    'one',
    '0',
    '000',
    '１',
    '١',
    '+1',
    '1_000',
    'Infinity',
    'NaN',
  ),
  fc.integer({ min: 79, max: 8000 }).map((digits) => '9'.repeat(digits)), // past uint256
  fc.constant((2n ** 256n).toString()),
  insertInto('1000000000', unicode),
)
/** Huge amounts of the right format: above every lane's maximum on a cross-chain route. */
const hugeAmount = fc.integer({ min: 15, max: 78 }).map((digits) => '9'.repeat(digits))

/** Flips the case of one letter of a checksummed EVM address: the EIP-55 checksum then fails. */
const flipOneLetter = (address: string) =>
  fc.constantFrom(...[...address.slice(2)].flatMap((char, i) => (/[a-fA-F]/.test(char) ? [i + 2] : []))).map((i) => {
    const char = address[i]!
    return (
      address.slice(0, i) +
      (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()) +
      address.slice(i + 1)
    )
  })
/** Replaces one character with one from `alphabet` that differs from it. */
const replaceOne = (valid: string, from: number, alphabet: string) =>
  fc
    .tuple(fc.integer({ min: from, max: valid.length - 1 }), fc.constantFrom(...alphabet))
    .map(
      ([at, char]) =>
        valid.slice(0, at) + (char === valid[at] ? (char === 'z' ? 'y' : 'z') : char) + valid.slice(at + 1),
    )

/** Addresses that are not wallets on a VM: malformed, of another VM, or the native-token sentinel. */
const badWallet: Record<Vm, fc.Arbitrary<string>> = {
  evm: fc.oneof(
    flipOneLetter(SENDER),
    fc.constantFrom(
      SENDER.slice(0, -1),
      `${SENDER}0`,
      SENDER.slice(2),
      ` ${SENDER}`,
      `${SENDER}\u200b`,
      SENDER.replace('a', 'а'),
      '0x0000000000000000000000000000000000000000',
      SOL_WALLET,
      BTC_WALLET,
      TRON_WALLET,
      '0x',
      'bitcoin',
    ),
    replaceOne(SENDER, 2, 'gxzGXZ-_.'),
    oversized('a'),
  ),
  solana: fc.oneof(
    insertInto(SOL_WALLET, fc.constantFrom('0', 'O', 'I', 'l')), // not base58
    fc.nat({ max: 31 }).map((length) => SOL_WALLET.slice(0, length) || '0'), // too short for 32 bytes
    fc.constantFrom(`${SOL_WALLET}9`, '11111111111111111111111111111111', SENDER, BTC_WALLET, ` ${SOL_WALLET}`),
  ),
  bitcoin: fc.oneof(
    replaceOne(BTC_WALLET, 4, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'), // one changed character: bech32 always catches it
    fc.constantFrom(
      BTC_WALLET.replace('q', 'Q'),
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'bitcoin',
      SENDER,
      SOL_WALLET,
      `${BTC_WALLET} `,
    ),
  ),
  tron: fc.oneof(
    insertInto(TRON_WALLET.slice(1), fc.constantFrom('0', 'O', 'I', 'l')).map((rest) => `T${rest}`),
    fc.constantFrom(
      TRON_WALLET.slice(0, -1),
      `${TRON_WALLET}1`,
      `t${TRON_WALLET.slice(1)}`,
      'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
      SENDER,
    ),
  ),
}

const badBridgeIds = fc.oneof(
  fc.constantFrom(
    'CCTP',
    'cctp,',
    ',cctp',
    ',',
    'cctp,,across',
    'cctp, across',
    'wormhole',
    'layerzero',
    'optimism;relay',
    '*',
    'null',
    '[]',
    '["cctp"]',
  ),
  fc
    .array(fc.oneof(fc.constantFrom(...BRIDGE_IDS), fc.string({ minLength: 1, maxLength: 12 })), {
      minLength: 1,
      maxLength: 4,
    })
    .filter(
      (ids) => ids.some((id) => !(BRIDGE_IDS as readonly string[]).includes(id)) && !ids.some((id) => id.includes(',')),
    )
    .map((ids) => ids.join(',')),
  insertInto('cctp', unicode),
)
const feeOf = (bps: unknown, receiverAddress: unknown = SENDER) => JSON.stringify([{ bps, receiverAddress }])
const badAppFees = fc.oneof(
  fc.constantFrom(
    '[',
    '{',
    ']',
    'null',
    'true',
    '1',
    '"x"',
    '{}',
    '[1]',
    '[null]',
    '[{}]',
    '[[]]',
    '[{"bps":25}]',
    "[{'bps':25}]",
    feeOf(-1),
    feeOf(1.5),
    feeOf('25'),
    feeOf(null),
    feeOf(10_001),
    feeOf(25, ''),
    feeOf(25, 123),
    feeOf(25, 'not-an-address'),
    feeOf(25, SOL_WALLET),
    '[{"bps":1e400,"receiverAddress":"0x8ba1f109551bD432803012645Ac136ddd64DBA72"}]',
    '[{"__proto__":{"bps":25,"receiverAddress":"0x8ba1f109551bD432803012645Ac136ddd64DBA72"}}]',
    JSON.stringify(Array.from({ length: 11 }, () => ({ bps: 1, receiverAddress: SENDER }))),
    JSON.stringify([
      { bps: 6000, receiverAddress: SENDER },
      { bps: 4001, receiverAddress: SENDER },
    ]),
  ),
  fc.integer({ min: 100, max: 1000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)), // deep nesting, never a fee
  fc.string({ maxLength: 40 }).filter((text) => text !== '' && !isJson(text)),
  fc
    .jsonValue({ maxDepth: 3 })
    .filter((value) => !Array.isArray(value))
    .map((value) => JSON.stringify(value)),
  insertInto(feeOf(25), unicode),
)
function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations of a valid query: each one makes the request wrong by itself
// ---------------------------------------------------------------------------------------------------------------

type Mutation = (pairs: Pairs, base: (typeof BASES)[number]) => Pairs
const set =
  (name: string, value: string): Mutation =>
  (pairs) => [...pairs.filter(([key]) => key !== name), [name, value]]
const REQUIRED = ['actionType', 'sender', 'srcChainId', 'srcToken', 'dstChainId', 'dstToken', 'slippage']
const SINGLE_VALUED = [
  ...REQUIRED,
  'amount',
  'swapDirection',
  'recipient',
  'refundTo',
  'appFees',
  'to',
  'data',
  'value',
  'erc20Amount',
  'erc20Spender',
  'gasless',
  'returnDepositAddress',
]

const breaking: fc.Arbitrary<{ label: string; apply: Mutation }> = fc.oneof(
  fc.constantFrom(...REQUIRED, 'amount', 'swapDirection', 'recipient', 'to', 'data', 'erc20Amount').map((name) => ({
    // A parameter the base needs (`recipient` across VMs); where the base has none of that name, `actionType`.
    label: `drop ${name}`,
    apply: ((pairs) => {
      const target = pairs.some(([key]) => key === name) ? name : 'actionType'
      return pairs.filter(([key]) => key !== target)
    }) as Mutation,
  })),
  fc.constantFrom(...REQUIRED).map((name) => ({ label: `empty ${name}`, apply: set(name, '') })),
  fc
    .oneof(
      fc.constantFrom('venue', 'swap', 'SWAP-ACTION', 'swap-action ', 'evm-calldata', 'bridge'),
      unicode,
      oversized('x'),
    )
    .map((value) => ({ label: `actionType=${value.slice(0, 20)}`, apply: set('actionType', value) })),
  fc
    .tuple(fc.constantFrom('srcChainId', 'dstChainId'), badChainId)
    .map(([name, value]) => ({ label: `${name}=${value.slice(0, 20)}`, apply: set(name, value) })),
  badSlippage.map((value) => ({ label: `slippage=${value.slice(0, 20)}`, apply: set('slippage', value) })),
  badAmount.map((value) => ({
    label: `amount=${value.slice(0, 20)}`,
    // evm-calldata-tx takes no amount: its amount is erc20Amount.
    apply: ((pairs, base) =>
      set(base.pairs.some(([key]) => key === 'amount') ? 'amount' : 'erc20Amount', value)(pairs, base)) as Mutation,
  })),
  hugeAmount.map((value) => ({
    label: `huge amount ${value.length} digits`,
    apply: ((pairs, base) =>
      base.isCrossChain && base.pairs.some(([key]) => key === 'amount')
        ? set('amount', value)(pairs, base)
        : set('slippage', '-1')(pairs, base)) as Mutation,
  })),
  fc
    .oneof(fc.constantFrom('exact-in', 'EXACT-AMOUNT-IN', 'exact_amount_in', 'exact-amount-in ', 'both'), unicode)
    .map((value) => ({
      label: `swapDirection=${value}`,
      apply: set('swapDirection', value),
    })),
  fc
    .tuple(fc.constantFrom('sender', 'refundTo'), badWallet.evm)
    .map(([name, value]) => ({ label: `${name}=${value.slice(0, 50)}`, apply: set(name, value) })),
  fc.constantFrom(...(['evm', 'solana', 'bitcoin', 'tron'] as const)).chain((vm) =>
    badWallet[vm].map((value) => ({
      label: `recipient (${vm})=${value.slice(0, 50)}`,
      // A bad address of the destination's VM; on a base going elsewhere, made invalid for every VM ('0' and 'O'
      // are in no base58 alphabet, and change an EVM address's length).
      apply: ((pairs, base) =>
        set('recipient', base.recipientVm === vm ? value : `${value}0O`)(pairs, base)) as Mutation,
    })),
  ),
  fc
    .tuple(
      fc.constantFrom('srcToken', 'dstToken'),
      fc.oneof(
        badWallet.evm.filter((value) => value !== '0x0000000000000000000000000000000000000000'),
        fc.constant('0x1111111111111111111111111111111111111111'),
      ),
    )
    .map(([name, value]) => ({
      label: `${name}=${value.slice(0, 50)}`,
      // Only on EVM-token sides: the Bitcoin, Solana and Tron bases get a bad srcToken instead.
      apply: ((pairs, base) =>
        set(name === 'dstToken' && base.recipientVm !== 'evm' ? 'srcToken' : name, value)(pairs, base)) as Mutation,
    })),
  fc.constant({
    label: 'dstToken = srcToken',
    apply: ((pairs) =>
      set('dstChainId', pairs.find(([key]) => key === 'srcChainId')![1])(
        set('dstToken', pairs.find(([key]) => key === 'srcToken')![1])(pairs, BASES[0]!),
        BASES[0]!,
      )) as Mutation,
  }),
  badBridgeIds.map((value) => ({ label: `bridgeIds=${value.slice(0, 30)}`, apply: set('bridgeIds', value) })),
  badAppFees.map((value) => ({ label: `appFees=${value.slice(0, 40)}`, apply: set('appFees', value) })),
  fc
    .tuple(
      fc.constantFrom('gasless', 'returnDepositAddress'),
      // `true` is valid for both (gasless=true off Tron is refused, and tested, in gasless.test.ts).
      fc.oneof(fc.constantFrom('TRUE', '1', 'yes', 'false ', 'null'), unicode),
    )
    .map(([name, value]) => ({ label: `${name}=${value}`, apply: set(name, value) })),
  fc
    .tuple(
      fc.constantFrom('solanaSponsor', 'userId', 'side', 'tokenID', 'orderType', 'tickSize', 'negRisk'),
      fc.constantFrom(SOL_WALLET, 'BUY', 'FOK', '0.01', 'true', 'x'),
    )
    .map(([name, value]) => ({ label: `${name} (not supported yet)`, apply: set(name, value) })),
  fc
    .constantFrom(['to', SENDER], ['data', '0x'], ['value', '1'], ['erc20Amount', '1'], ['erc20Spender', SENDER])
    .map(([name, value]) => ({
      // A parameter of the other action type: calldata fields on a swap, `amount` on a call.
      label: `foreign ${name}`,
      apply: ((pairs, base) =>
        base.pairs.some(([key]) => key === 'amount')
          ? set(name!, value!)(pairs, base)
          : set('amount', '1')(pairs, base)) as Mutation,
    })),
  fc
    .oneof(
      fc.tuple(fc.constant('data'), fc.constantFrom('0x0', 'a9059cbb', '0xzz', '0x123', ' 0x', '0X00')),
      fc.tuple(fc.constantFrom('to', 'erc20Spender'), fc.oneof(badWallet.evm, fc.constantFrom('0x0', '0xzz'))),
    )
    .map(([name, value]) => ({
      label: `${name}=${value} (call)`,
      apply: ((pairs, base) =>
        base.pairs.some(([key]) => key === 'to')
          ? set(name, value)(pairs, base)
          : set(name, value)(set('actionType', 'evm-calldata-tx')(pairs, base), base)) as Mutation,
    })),
  fc
    .tuple(fc.constantFrom(...SINGLE_VALUED), fc.oneof(fc.constant(''), fc.string({ maxLength: 10 })))
    .map(([name, extra]) => ({
      label: `duplicate ${name}`,
      apply: ((pairs) => {
        const present = pairs.find(([key]) => key === name)
        return [...pairs, [name, present?.[1] ?? 'x'], ...(present ? [] : ([[name, extra]] as Pairs))]
      }) as Mutation,
    })),
)

/** Noise that changes nothing: unknown parameters (ignored by the service). */
const noise = fc.array(
  fc.tuple(
    fc.string({ minLength: 1, maxLength: 12 }).map((name) => `x_${name}`),
    fc.oneof(fc.string({ maxLength: 20 }), unicode),
  ),
  { maxLength: 3 },
)
/** Raw query-string fragments sent unencoded: stray separators, malformed percent-escapes. */
const rawFragment = fc.constantFrom(
  '&&',
  '&=&',
  '=x',
  'a=b=c',
  '%',
  '%zz',
  '%E0%A4',
  '%00',
  '%2526',
  '+',
  'x[]=1',
  'x[a][b]=1',
  '__proto__=1',
  'constructor=1',
  'hasOwnProperty=1',
)

const encode = (text: string) => encodeURIComponent(text)
const queryOf = (pairs: Pairs, raw: string[]) =>
  [...pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`), ...raw].join('&')

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

interface FuzzRequest {
  /** What makes it wrong, for the failure report. */
  labels: string[]
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

const DOCUMENTED_PATHS = ['/api/getAction', '/api/health', '/api/openapi.json']
/** Paths that route nowhere (checked: the router is case-insensitive and ignores one trailing slash). */
const unknownPath = fc.oneof(
  fc.constantFrom(
    '/',
    '/api',
    '/api/',
    '/api/getAction/x',
    '/api//getAction',
    '/api/getAction%00',
    '/api/..%2fgetAction',
    '/api/../etc/passwd',
    '/api/getActionX',
    '/apix/getAction',
    '/api/openapi.json/x',
    '/api/health/x',
    '/%2e%2e/api/getAction',
    '/api/getAction;x=1',
    '/api/%E0%A4%A',
    '/api/registerTxs',
    '/api/getStatus',
    '/api/__test/crash',
    '/getAction',
  ),
  fc
    .stringMatching(/^[A-Za-z0-9._~-]{1,40}$/)
    .filter((segment) => !['getaction', 'health', 'openapi.json'].includes(segment.toLowerCase()))
    .map((segment) => `/api/${segment}`),
)
/** Methods no documented path has (CONNECT, which Node never routes to a request handler, aside). */
const wrongMethod = fc.constantFrom(
  ...METHODS.filter((method) => !['GET', 'HEAD', 'OPTIONS', 'CONNECT'].includes(method)),
)
const headerValue = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 60,
})
const randomHeaders = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'accept',
      'accept-language',
      'user-agent',
      'content-type',
      'x-forwarded-for',
      'x-real-ip',
      'origin',
      'referer',
      'cookie',
      'authorization',
      'x-request-id',
      'x-http-method-override',
    ),
    fc.stringMatching(/^[a-z0-9-]{1,20}$/).map((name) => `x-fuzz-${name}`),
  ),
  headerValue,
  { maxKeys: 6 },
)
const body = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.integer({ min: BODY_LIMIT_BYTES + 1, max: BODY_LIMIT_BYTES * 2 }).map((length) => 'x'.repeat(length)), // 413
)
const goodKey = fc.constantFrom(...KEYS)
const badKey = fc.oneof(
  fc.constantFrom('', 'DEV-KEY-ALPHA', 'dev-key-alphaa', 'dev-key', 'null'),
  headerValue.filter((key) => !KEYS.includes(key.trim())),
)

/** A request wrong on at least one axis: the query (most), the path, the method, the key, or the country. */
const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    base: fc.constantFrom(...BASES),
    axis: fc.constantFrom('query', 'query', 'query', 'query', 'query', 'query', 'path', 'method', 'key', 'country'),
    // Mostly one mutation, so that checks deep in the validation (the engine's) are reached, not only the first one.
    mutations: fc.oneof(
      { weight: 3, arbitrary: breaking.map((mutation) => [mutation]) },
      { weight: 1, arbitrary: fc.array(breaking, { minLength: 2, maxLength: 3 }) },
    ),
    noise,
    raw: fc.array(rawFragment, { maxLength: 2 }),
    path: unknownPath,
    method: wrongMethod,
    badKey,
    goodKey,
    country: fc.constantFrom('KP', 'IR', 'CU', 'SY'),
    headers: randomHeaders,
    withBody: fc.nat({ max: 4 }).map((n) => n === 0),
    body,
  })
  .map((r) => {
    const isQueryWrong = r.axis === 'query'
    let pairs = r.base.pairs
    if (isQueryWrong) for (const mutation of r.mutations) pairs = mutation.apply(pairs, r.base)
    const query = queryOf([...pairs, ...r.noise], r.raw)
    const headers: Record<string, string> = { ...r.headers, 'x-api-key': r.axis === 'key' ? r.badKey : r.goodKey }
    if (r.axis === 'country') headers['cf-ipcountry'] = r.country
    const path = r.axis === 'path' ? r.path : '/api/getAction'
    const method = r.axis === 'method' ? r.method : 'GET'
    return {
      labels: [
        `${r.base.name}, wrong ${r.axis}`,
        ...(isQueryWrong ? r.mutations.map((mutation) => mutation.label) : []),
      ],
      method,
      path: `${path}?${query}`,
      headers,
      ...(r.withBody || method !== 'GET' ? { body: r.body } : {}),
    }
  })
  // Under Node's 16 KB limit on the request head, whose refusal is not the service's (see the report).
  .filter((request) => request.path.length <= MAX_PATH_LENGTH)

// ---------------------------------------------------------------------------------------------------------------
// Hostile bodies on the POST endpoints (issue 24)
// ---------------------------------------------------------------------------------------------------------------

const TX_ID = `0x${'1'.repeat(64)}`
const TX_HASH = `0x${'2'.repeat(64)}`
/** A getAction request as a batch item, valid. */
const BATCH_ITEM: Record<string, unknown> = {
  ...Object.fromEntries(BASES[0]!.pairs),
  srcChainId: 42161,
  dstChainId: 42161,
}
/**
 * Each POST endpoint with a valid-shaped body builder: `field` is where a hostile value goes, `deep` where one goes
 * inside an otherwise valid structure. `items` says the route answers 200 with one result per item, each failed.
 */
const POST_ENDPOINTS = [
  {
    path: '/registerTxs',
    items: 'registrations',
    body: (value: string) => `{"txId":${value},"vmId":"evm","txHash":"${TX_HASH}","chainId":8453}`,
    deep: (value: string) => `[{"txId":"${TX_ID}","vmId":"evm","txHash":"${TX_HASH}","chainId":${value}}]`,
  },
  {
    path: '/getActions',
    items: 'actions',
    body: (value: string) => `{"requests":${value}}`,
    deep: (value: string) => `{"requests":[${JSON.stringify(BATCH_ITEM).slice(0, -1)},"appFees":[{"bps":${value}}]}]}`,
  },
  {
    path: '/relayGasless',
    items: undefined,
    body: (value: string) => `{"txId":"${TX_ID}","signatures":${value}}`,
    deep: (value: string) => `{"txId":"${TX_ID}","signatures":[${value}]}`,
  },
  {
    path: '/workflows/venue/createOrFetchVenueUser',
    items: undefined,
    body: (value: string) => `{"address":${value}}`,
    deep: (value: string) => `{"address":{"a":[${value}]}}`,
  },
] as const
type PostEndpoint = (typeof POST_ENDPOINTS)[number]

/** Arrays and objects nested `depth` deep (at least 33: past the limit), mixed, closed or truncated. */
const nestedValue = fc
  .record({
    depth: fc.oneof(fc.integer({ min: 33, max: 200 }), fc.integer({ min: 5_000, max: 25_000 })),
    kind: fc.constantFrom('arrays', 'objects', 'mixed'),
    isTruncated: fc.nat({ max: 5 }).map((n) => n === 0),
  })
  .map(({ depth, kind, isTruncated }) => {
    const opens: string[] = []
    const closes: string[] = []
    for (let level = 0; level < depth; level++) {
      const isObject = kind === 'objects' || (kind === 'mixed' && level % 2 === 1)
      opens.push(isObject ? '{"k":' : '[')
      closes.push(isObject ? '}' : ']')
    }
    const innermost = kind === 'objects' ? '1' : '[]'
    const text = opens.join('') + innermost + closes.reverse().join('')
    return isTruncated ? text.slice(0, Math.floor(text.length * 0.7)) : text
  })
/** A string of 1,000 to 60,000 characters (under the body limit with its envelope). */
const oversizedString = fc
  .tuple(fc.integer({ min: 1_000, max: 60_000 }), fc.constantFrom('a', '0', '[', '\u00e9', ' '))
  .map(([length, unit]) => JSON.stringify(unit.startsWith('\\') ? 'é'.repeat(length) : unit.repeat(length)))

interface BodyRequest {
  label: string
  endpoint: PostEndpoint
  contentType: string
  body: string
}
const hostileBody: fc.Arbitrary<BodyRequest> = fc
  .record({
    endpoint: fc.constantFrom(...POST_ENDPOINTS),
    where: fc.constantFrom('field', 'field', 'deep', 'whole', 'key'),
    value: fc.oneof({ weight: 3, arbitrary: nestedValue }, { weight: 2, arbitrary: oversizedString }),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', '') },
    ),
  })
  .map(({ endpoint, where, value, contentType }) => {
    const body =
      where === 'field'
        ? endpoint.body(value)
        : where === 'deep'
          ? endpoint.deep(value)
          : where === 'whole'
            ? value
            : // An unknown key: the value's text as a key (oversized), or a nested value under a long key.
              `${endpoint.body('1').slice(0, -1)},${value.startsWith('"') ? value : `"${'k'.repeat(2_000)}"`}:${value.startsWith('"') ? 1 : value}}`
    const label = `${endpoint.path}, ${where}, ${contentType || 'no content type'}: ${body.slice(0, 60)}… (${body.length} chars)`
    // A failure report shows the label: the bodies themselves run to tens of KB.
    return { label, endpoint, contentType, body, [fc.toStringMethod]: () => label }
  })

// ---------------------------------------------------------------------------------------------------------------

describe('fuzz: malformed getAction requests through the real service (2 workers)', () => {
  let service: RunningService
  let contract: Contract
  const agent = new Agent({ keepAlive: true, maxSockets: BATCH_SIZE })
  const seen = new Map<string, number>()
  let sent = 0

  beforeAll(async () => {
    service = await startService({ BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES), CROSSROUTE_TEST_ROUTES: '0' })
    contract = createContract(
      JSON.parse(JSON.stringify(buildOpenApiDocument())) as ReturnType<typeof buildOpenApiDocument>,
    )
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    agent.destroy()
    await service?.stop()
  })

  /** Checks an error answer: a 4xx envelope of a known code, as its class declares it. */
  function expectClientErrorEnvelope(reply: Reply): ErrorBody {
    expect(reply.status, reply.body.slice(0, 300)).toBeGreaterThanOrEqual(400)
    expect(reply.status, reply.body.slice(0, 300)).toBeLessThan(500)
    const envelope = JSON.parse(reply.body) as ErrorBody
    expect(envelope.success).toBe(false)
    const errorClass = API_ERROR_CLASSES[envelope.error.code as ApiErrorCode]
    expect(errorClass, envelope.error.code).toBeDefined()
    expect(envelope.error.statusCode).toBe(reply.status)
    expect(errorClass.status).toBe(reply.status)
    expect(envelope.error.name).toBe(errorClass.errorName)
    expect(new Date(envelope.error.timestamp).toISOString()).toBe(envelope.error.timestamp)
    return envelope
  }

  /** Sends one generated request and checks its answer: a 4xx envelope, as the document describes it. */
  async function sendAndCheck(request: FuzzRequest): Promise<void> {
    sent += 1
    const reply: Reply = await send(`${service.url.replace(/\/api$/, '')}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      agent,
      timeoutMs: REQUEST_TIMEOUT_MS,
    })
    const envelope = expectClientErrorEnvelope(reply)
    const pathname = request.path.split('?')[0]!
    const documented = DOCUMENTED_PATHS.includes(pathname) ? pathname.slice('/api'.length) : undefined
    expect(contract.check(documented, request.method, reply)).toEqual([])
    seen.set(envelope.error.code, (seen.get(envelope.error.code) ?? 0) + 1)
  }

  const bodiesSeen = new Map<string, number>()
  const refusedAsTooDeep = new Set<string>()
  /**
   * Sends one hostile POST body and checks its answer: a small 4xx envelope, or — for the routes that answer each
   * item on its own — a 200 whose every item failed; always as the document describes it.
   */
  async function sendBodyAndCheck(request: BodyRequest): Promise<void> {
    const reply: Reply = await send(`${service.url}${request.endpoint.path}`, {
      method: 'POST',
      headers: {
        'x-api-key': KEYS[0]!,
        ...(request.contentType === '' ? {} : { 'content-type': request.contentType }),
      },
      body: request.body,
      agent,
      timeoutMs: REQUEST_TIMEOUT_MS,
    })
    expect(contract.check(request.endpoint.path, 'POST', reply)).toEqual([])
    // Whatever was sent, nothing is echoed whole: every answer stays far below the body it answers.
    expect(Buffer.byteLength(reply.body), reply.body.slice(0, 300)).toBeLessThan(4096)
    let outcome: string
    if (reply.status === 200 && request.endpoint.items === 'registrations') {
      const results = JSON.parse(reply.body) as { success: boolean; code: string }[]
      expect(results.every((result) => !result.success)).toBe(true)
      outcome = `200 ${results[0]!.code}`
    } else if (reply.status === 200 && request.endpoint.items === 'actions') {
      const { results } = JSON.parse(reply.body) as { results: { status: number; body: unknown }[] }
      for (const result of results) {
        expectClientErrorEnvelope({ status: result.status, headers: {}, body: JSON.stringify(result.body) })
      }
      outcome = `200 item ${(results[0]!.body as ErrorBody).error.code}`
    } else {
      const { error } = expectClientErrorEnvelope(reply)
      outcome = `${reply.status} ${error.code}`
      if (/nested deeper than/.test((error.details as { reason?: string } | undefined)?.reason ?? '')) {
        refusedAsTooDeep.add(request.endpoint.path)
      }
    }
    bodiesSeen.set(outcome, (bodiesSeen.get(outcome) ?? 0) + 1)
  }

  const validQuery = Object.fromEntries(BASES[1]!.pairs)

  it('answers a valid request before the fuzzing', async () => {
    const reply = await send(`${service.url}/getAction?${new URLSearchParams(validQuery)}`, {
      headers: { 'x-api-key': 'dev-key-alpha' },
    })
    expect(reply.status, reply.body.slice(0, 300)).toBe(200)
  })

  it(`answers ${NUM_BATCHES * BATCH_SIZE} malformed requests (${BATCH_SIZE} at a time) with 4xx envelopes only, within ${REQUEST_TIMEOUT_MS} ms each`, async () => {
    const started = Date.now()
    await fc.assert(
      fc.asyncProperty(fc.array(fuzzRequest, { minLength: BATCH_SIZE, maxLength: BATCH_SIZE }), async (batch) => {
        await Promise.all(batch.map(sendAndCheck))
      }),
      { seed: SEED, numRuns: NUM_BATCHES },
    )
    expect(sent).toBeGreaterThanOrEqual(1000)
    // The generators reach far into the validation, not one early refusal: most codes of 400, and 401/403/404/405/413.
    expect([...seen.keys()].sort()).toEqual(
      expect.arrayContaining([
        'AMOUNT_TOO_HIGH',
        'CROSS_VM_RECEIVER_REQUIRED',
        'GEO_BLOCKED',
        'INVALID_ADDRESS_FORMAT',
        'INVALID_AMOUNT_ZERO',
        'INVALID_API_KEY',
        'INVALID_PARAMETER',
        'INVALID_SOURCE_TOKEN',
        'METHOD_NOT_ALLOWED',
        'MISSING_API_KEY',
        'MISSING_REQUIRED_FIELD',
        'NOT_FOUND',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_NETWORK',
        'UNSUPPORTED_SWAP_DIRECTION',
      ]),
    )
    console.info(
      `fuzz: ${sent} requests in ${Date.now() - started} ms (seed ${SEED}); codes: ${JSON.stringify(Object.fromEntries([...seen].sort()))}`,
    )
  }, 120_000)

  it(`answers ${NUM_BODY_BATCHES * BATCH_SIZE} hostile POST bodies (nested, oversized, truncated) on every POST endpoint with 4xx envelopes or failed items only`, async () => {
    const started = Date.now()
    await fc.assert(
      fc.asyncProperty(fc.array(hostileBody, { minLength: BATCH_SIZE, maxLength: BATCH_SIZE }), async (batch) => {
        await Promise.all(batch.map(sendBodyAndCheck))
      }),
      { seed: SEED, numRuns: NUM_BODY_BATCHES },
    )
    // Every endpoint refused a nested body as too deep, and every kind of refusal was reached.
    expect([...refusedAsTooDeep].sort()).toEqual(POST_ENDPOINTS.map((endpoint) => endpoint.path).sort())
    expect([...bodiesSeen.keys()]).toEqual(
      expect.arrayContaining(['400 INVALID_PARAMETER', '400 INVALID_ADDRESS_FORMAT', '200 INVALID_PARAMETER']),
    )
    console.info(
      `fuzz bodies: ${NUM_BODY_BATCHES * BATCH_SIZE} requests in ${Date.now() - started} ms (seed ${SEED}); outcomes: ${JSON.stringify(Object.fromEntries([...bodiesSeen].sort()))}`,
    )
  }, 120_000)

  it("still answers a valid request with 200 and exactly the engine's quote afterwards; no internal error was logged", async () => {
    const reply = await send(`${service.url}/getAction?${new URLSearchParams(validQuery)}`, {
      headers: { 'x-api-key': 'dev-key-alpha' },
    })
    expect(reply.status, reply.body.slice(0, 300)).toBe(200)
    expect(contract.check('/getAction', 'GET', reply)).toEqual([])
    const { tx, txId, snapshotId, expiresAt, ...quote } = JSON.parse(reply.body) as Record<string, unknown> & {
      tx: { chainId: number }
      txId: string
      snapshotId: string
      expiresAt: number
    }
    expect(tx.chainId).toBe(8453)
    expect(txId).toMatch(/^0x[0-9a-f]{64}$/)
    // The quote names the snapshot it was made on (the default one) and when it expires (a Unix time ahead).
    expect(snapshotId).toBe(snapshotIdOf(readSnapshotJson()))
    expect(expiresAt).toBeGreaterThan(Date.now() / 1000)
    // The service's engine: the default snapshot, protocol fee 0; dev-key-alpha's default app fee.
    const engine = createEngine(loadSnapshotFile(), { protocolFeeBps: 0 })
    const expected = engine.quote({
      ...validQuery,
      srcChainId: Number(validQuery.srcChainId),
      dstChainId: Number(validQuery.dstChainId),
      slippage: Number(validQuery.slippage),
      appFees: [{ bps: 25, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' }],
    } as Parameters<typeof engine.quote>[0])
    expect(quote).toEqual(JSON.parse(JSON.stringify(expected)))
    expect(service.stderr()).not.toMatch(/"level":"error"/)
  })

  it('the answer check does fail a request that succeeds (negative control)', async () => {
    const valid: FuzzRequest = {
      labels: ['valid'],
      method: 'GET',
      path: `/api/getAction?${new URLSearchParams(validQuery)}`,
      headers: { 'x-api-key': 'dev-key-alpha' },
    }
    await expect(sendAndCheck(valid)).rejects.toThrow(/expected 200 to be greater than or equal to 400/)
  })

  it('malformed HTTP that Node refuses before the service (bad method token, control character, head over 16 KB): 4xx, closed, no hang', async () => {
    const { hostname, port } = new URL(service.url)
    const raw = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => socket.end(head))
        let received = ''
        socket.setEncoding('utf8').on('data', (text: string) => (received += text))
        socket.on('close', () => resolve(received)).on('error', reject)
        socket.setTimeout(REQUEST_TIMEOUT_MS, () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)))
      })
    const heads = [
      'FROB /api/getAction HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/getAction HTTP/1.1\r\nHost: x\r\nx-api-key: dev\x01key\r\n\r\n',
      `GET /api/getAction?sender=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]
    for (const head of heads) {
      // Node's own answers (400, 431) carry no SPEC §7.1 envelope: the server installs no 'clientError' handler.
      expect(await raw(head)).toMatch(/^HTTP\/1\.1 4\d\d /)
    }
    expect((await send(`${service.url}/health`)).status).toBe(200)
  })
})
