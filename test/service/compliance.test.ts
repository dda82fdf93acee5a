import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BaseError } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import { GeoBlockingError, WalletScreeningError } from '../../service/errors.js'
import { loadConfig, type ServiceConfig } from '../../service/config.js'
import { countryName } from '../../service/compliance/geo.js'
import { loadScreeningLists } from '../../service/compliance/screeningLists.js'
import { createCompliance } from '../../service/middleware/compliance.js'
import type { AppState } from '../../service/types.js'
import { thrown } from '../helpers/thrown.js'

const NOW = new Date('2025-03-04T05:06:07.000Z')
const DEFAULTS = loadConfig({})
/** The snapshot the service serves by default: its chain ids (Bitcoin, Tron) are the ones below. */
const SNAPSHOT = loadSnapshotFile(DEFAULTS.snapshotPath)
// Known to be on the shipped lists (fixtures/ofac): Lazarus Group (ETH), an XBT and a TRX entry.
const LISTED_ETH = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96'
const LISTED_XBT = '12HQDsicffSBaYdJ6BhnE22sfjTESmmzKx'
const LISTED_BECH32 = 'bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw'
const LISTED_TRX = 'TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre'
const CLEAN_EVM = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const BITCOIN = 20000000000001
const TRON = 728126428

const tempDir = mkdtempSync(join(tmpdir(), 'crossroute-compliance-'))
afterAll(() => rmSync(tempDir, { recursive: true, force: true }))

/** A Koa app: an error middleware that keeps what was thrown, compliance, and one route answering `ok`. */
async function serve(config: Partial<ServiceConfig> = {}, apiKey?: AppState['apiKey']) {
  const errors: unknown[] = []
  const compliance = createCompliance({ ...DEFAULTS, ...config }, { snapshot: SNAPSHOT, now: () => NOW })
  const app = new Koa<AppState>()
  app.use(async (ctx, next) => {
    try {
      await next()
    } catch (error) {
      errors.push(error)
      if (!(error instanceof BaseError)) throw error
      ctx.status = error.status
      ctx.body = { success: false, error: { code: error.code, statusCode: error.status, details: error.details } }
    }
  })
  app.use(async (ctx, next) => {
    // What the auth middleware sets above compliance in the real app.
    if (apiKey !== undefined) ctx.state.apiKey = apiKey
    await next()
  })
  app.use(compliance)
  app.use((ctx) => {
    ctx.body = { ok: true }
  })
  const server = createServer(app.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    compliance,
    /** GETs `/api/getAction` with the query and headers; returns the status and the error thrown, if any. */
    async get(query: Record<string, string | string[]>, headers: Record<string, string> = {}) {
      const search = new URLSearchParams()
      for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) search.append(name, one)
      const before = errors.length
      const response = await fetch(`${base}/api/getAction?${search}`, { headers })
      const body = (await response.json()) as Record<string, any>
      return { status: response.status, body, error: errors.length > before ? errors.at(-1) : undefined }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('GEO_BLOCKED', () => {
  let server: Awaited<ReturnType<typeof serve>>
  beforeAll(async () => {
    server = await serve()
  })
  afterAll(() => server.close())

  it('blocks North Korea with the four details of SPEC §7.2', async () => {
    const response = await server.get({}, { 'cf-ipcountry': 'KP' })
    expect(response.error).toBeInstanceOf(GeoBlockingError)
    const error = response.error as GeoBlockingError
    expect([error.code, error.status]).toEqual(['GEO_BLOCKED', 403])
    expect(error.details).toEqual({
      countryCode: 'KP',
      countryName: 'North Korea',
      reason: 'comprehensively sanctioned jurisdiction',
      blockedAt: NOW.toISOString(),
    })
    expect(response.status).toBe(403)
    expect(response.body.error).toEqual({ code: 'GEO_BLOCKED', statusCode: 403, details: error.details })
  })

  it.each([
    ['CU', 'Cuba'],
    ['IR', 'Iran'],
    ['SY', 'Syria'],
  ])('blocks %s by default', async (code, name) => {
    const response = await server.get({}, { 'cf-ipcountry': code })
    expect((response.error as GeoBlockingError).details).toMatchObject({ countryCode: code, countryName: name })
  })

  it('reads the header value in any case and with spaces', async () => {
    for (const value of ['kp', ' Kp ']) {
      const response = await server.get({}, { 'cf-ipcountry': value })
      expect((response.error as GeoBlockingError).details.countryCode).toBe('KP')
    }
  })

  it('blocks a repeated header when any value is blocked', async () => {
    const response = await server.get({}, { 'cf-ipcountry': 'US, KP' })
    expect(response.error).toBeInstanceOf(GeoBlockingError)
  })

  it.each([
    ['the United States', { 'cf-ipcountry': 'US' }],
    ['a missing header (the proxy is trusted to set it)', {}],
    ['an unknown country (XX)', { 'cf-ipcountry': 'XX' }],
    ['Tor (T1), not in the default list', { 'cf-ipcountry': 'T1' }],
    ['a blocked code in another header', { 'x-country': 'KP' }],
  ])('allows %s', async (_case, headers) => {
    expect(await server.get({}, headers)).toEqual({ status: 200, body: { ok: true }, error: undefined })
  })
})

describe('GEO_BLOCKED configuration', () => {
  it('replaces the defaults with the configured list', async () => {
    const server = await serve({ geoBlocked: ['RU', 'T1'] })
    try {
      expect((await server.get({}, { 'cf-ipcountry': 'KP' })).status).toBe(200)
      expect((await server.get({}, { 'cf-ipcountry': 'RU' })).error).toMatchObject({
        details: { countryCode: 'RU', countryName: 'Russia', reason: 'jurisdiction blocked by service policy' },
      })
      expect((await server.get({}, { 'cf-ipcountry': 'T1' })).error).toMatchObject({
        details: { countryName: 'Tor network' },
      })
    } finally {
      await server.close()
    }
  })

  it('reads the configured header', async () => {
    const server = await serve({ geoHeader: 'x-country' })
    try {
      expect((await server.get({}, { 'X-Country': 'ir' })).error).toBeInstanceOf(GeoBlockingError)
      expect((await server.get({}, { 'cf-ipcountry': 'IR' })).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('rejects a malformed code at construction', () => {
    expect(() => createCompliance({ ...DEFAULTS, geoBlocked: ['KP', 'North Korea'] }, { snapshot: SNAPSHOT })).toThrow(
      'GEO_BLOCKED',
    )
  })

  it('names countries, with fallbacks for pseudo-codes', () => {
    expect([countryName('US'), countryName('XX'), countryName('T1'), countryName('Q1')]).toEqual([
      'United States',
      'Unknown country',
      'Tor network',
      'Q1',
    ])
  })
})

describe('WALLET_SCREENED', () => {
  let server: Awaited<ReturnType<typeof serve>>
  beforeAll(async () => {
    server = await serve()
  })
  afterAll(() => server.close())

  const screened = (response: { error?: unknown }) => {
    expect(response.error).toBeInstanceOf(WalletScreeningError)
    return (response.error as WalletScreeningError).details
  }

  it.each([1, 42161, 1337])(
    'screens a listed ETH address as sender on chain %i, with the details of SPEC §7.2',
    async (chainId) => {
      const response = await server.get({ sender: LISTED_ETH, srcChainId: String(chainId), dstChainId: '10' })
      expect(screened(response)).toEqual({
        walletAddress: LISTED_ETH,
        chainId,
        riskLevel: 'severe',
        reason: 'OFAC SDN list',
        screenedAt: NOW.toISOString(),
      })
      expect(response.status).toBe(403)
      expect(response.body.error).toMatchObject({ code: 'WALLET_SCREENED', statusCode: 403 })
    },
  )

  it('compares EVM addresses in any case', async () => {
    for (const address of [LISTED_ETH.toLowerCase(), `0x${LISTED_ETH.slice(2).toUpperCase()}`]) {
      expect(screened(await server.get({ sender: address, srcChainId: '1' })).walletAddress).toBe(address)
    }
  })

  it('screens a listed Bitcoin address as recipient on the Bitcoin chain', async () => {
    const response = await server.get({
      sender: CLEAN_EVM,
      srcChainId: '1',
      recipient: LISTED_XBT,
      dstChainId: String(BITCOIN),
    })
    expect(screened(response)).toMatchObject({ walletAddress: LISTED_XBT, chainId: BITCOIN })
  })

  it('compares bech32 in either case but base58 exactly', async () => {
    expect((await server.get({ recipient: LISTED_BECH32.toUpperCase(), dstChainId: String(BITCOIN) })).status).toBe(403)
    expect((await server.get({ recipient: LISTED_XBT.toLowerCase(), dstChainId: String(BITCOIN) })).status).toBe(200)
  })

  it('screens a listed Tron address on Tron, case-sensitively', async () => {
    expect(screened(await server.get({ sender: LISTED_TRX, srcChainId: String(TRON) }))).toMatchObject({
      walletAddress: LISTED_TRX,
      chainId: TRON,
    })
    expect((await server.get({ sender: LISTED_TRX.toLowerCase(), srcChainId: String(TRON) })).status).toBe(200)
  })

  it('screens refundTo against the source chain', async () => {
    const response = await server.get({
      sender: CLEAN_EVM,
      refundTo: LISTED_ETH,
      srcChainId: '8453',
      dstChainId: String(BITCOIN),
    })
    expect(screened(response)).toMatchObject({ walletAddress: LISTED_ETH, chainId: 8453 })
  })

  it('screens the recipient against the destination chain, the sender against the source chain', async () => {
    // Listed EVM recipient, EVM destination: screened even though the source is Bitcoin.
    const evmDst = await server.get({ srcChainId: String(BITCOIN), recipient: LISTED_ETH, dstChainId: '10' })
    expect(screened(evmDst)).toMatchObject({ walletAddress: LISTED_ETH, chainId: 10 })
    // The same Bitcoin address is on the list, but used on an EVM destination it is no Bitcoin wallet: not matched.
    expect((await server.get({ recipient: LISTED_XBT, srcChainId: String(BITCOIN), dstChainId: '1' })).status).toBe(200)
    expect((await server.get({ sender: LISTED_XBT, srcChainId: '1', dstChainId: String(BITCOIN) })).status).toBe(200)
  })

  it.each([
    ['a clean sender', { sender: CLEAN_EVM, srcChainId: '1', dstChainId: '42161', recipient: CLEAN_EVM }],
    ['a listed sender without srcChainId', { sender: LISTED_ETH, dstChainId: '1' }],
    ['a listed sender with a malformed srcChainId', { sender: LISTED_ETH, srcChainId: 'ethereum' }],
    ['a listed sender with srcChainId 0', { sender: LISTED_ETH, srcChainId: '0' }],
  ])('passes %s', async (_case, query) => {
    expect(await server.get(query)).toEqual({ status: 200, body: { ok: true }, error: undefined })
  })

  it('screens every fee receiver of appFees against the source chain', async () => {
    const appFees = JSON.stringify([
      { bps: 10, receiverAddress: CLEAN_EVM },
      { bps: 5, receiverAddress: ` ${LISTED_ETH.toLowerCase()}` },
    ])
    const query = { sender: CLEAN_EVM, srcChainId: '8453', dstChainId: '10', appFees }
    expect(screened(await server.get(query))).toMatchObject({ walletAddress: LISTED_ETH.toLowerCase(), chainId: 8453 })
    // Malformed appFees are the route's to refuse: compliance lets them through to it.
    for (const malformed of ['[', '{"receiverAddress":1}', '[null, 3]']) {
      expect((await server.get({ ...query, appFees: malformed })).status).toBe(200)
    }
  })

  it("screens an evm-calldata-tx's call target and spender against the destination chain", async () => {
    const base = { sender: CLEAN_EVM, srcChainId: '1', dstChainId: '42161' }
    expect(screened(await server.get({ ...base, to: LISTED_ETH }))).toMatchObject({ chainId: 42161 })
    expect(screened(await server.get({ ...base, erc20Spender: LISTED_ETH }))).toMatchObject({ chainId: 42161 })
  })

  it("screens the key's configured fee receivers when the request names none", async () => {
    const key = {
      keyId: 'k',
      appId: 'a',
      orgId: 'o',
      appName: 'A',
      affiliateId: 'f',
      gasless: false,
      appFees: [{ bps: 25, receiverAddress: LISTED_ETH }],
    }
    const withKey = await serve({}, key)
    try {
      const query = { sender: CLEAN_EVM, srcChainId: '1', dstChainId: '10' }
      expect(screened(await withKey.get(query))).toMatchObject({ walletAddress: LISTED_ETH, chainId: 1 })
      // The request's own fees replace the key's: only those are paid, only those are screened.
      const ownFees = JSON.stringify([{ bps: 10, receiverAddress: CLEAN_EVM }])
      expect((await withKey.get({ ...query, appFees: ownFees })).status).toBe(200)
    } finally {
      await withKey.close()
    }
  })

  it('screens every value of a repeated parameter', async () => {
    expect((await server.get({ sender: [CLEAN_EVM, LISTED_ETH], srcChainId: '1' })).status).toBe(403)
    expect((await server.get({ sender: LISTED_TRX, srcChainId: ['1', String(TRON)] })).status).toBe(403)
  })

  it('checks geography before wallets', async () => {
    expect((await server.get({ sender: LISTED_ETH, srcChainId: '1' }, { 'cf-ipcountry': 'KP' })).error).toBeInstanceOf(
      GeoBlockingError,
    )
  })

  it('offers the same lists for addresses from JSON bodies', () => {
    const error = thrown(
      () =>
        server.compliance.screenAddresses([
          { field: 'txs[0].sender', address: CLEAN_EVM, chainId: 1 },
          { field: 'txs[1].sender', address: LISTED_TRX, chainId: TRON },
        ]),
      WalletScreeningError,
    )
    expect(error.details).toMatchObject({ walletAddress: LISTED_TRX, chainId: TRON })
    expect(() => server.compliance.screenAddresses([{ field: 'sender', address: LISTED_ETH, chainId: 7 }])).toThrow(
      WalletScreeningError,
    )
  })
})

describe('screening lists (SCREENING_DIR)', () => {
  const listDir = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tempDir, 'lists-'))
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content)
    return dir
  }
  const OWN_EVM = '0x1111111111111111111111111111111111111111'

  it('replaces the shipped lists, and is read only at construction', async () => {
    const dir = listDir({ 'sanctioned_addresses_ETH.txt': `# our list\n${OWN_EVM}\r\n\n` })
    const server = await serve({ screeningDir: dir })
    rmSync(dir, { recursive: true })
    try {
      expect((await server.get({ sender: OWN_EVM, srcChainId: '1' })).status).toBe(403)
      expect((await server.get({ sender: LISTED_ETH, srcChainId: '1' })).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('puts each line in the set its shape says, whatever list it is filed under', () => {
    const lists = loadScreeningLists(
      listDir({
        'sanctioned_addresses_XBT.txt': `${LISTED_XBT}\n${LISTED_TRX}\n`,
        'sanctioned_addresses_USDT.txt': `${LISTED_ETH}\n${LISTED_BECH32.toUpperCase()}\n`,
        'sanctioned_addresses_XMR.txt': 'not-a-chain-we-serve\n',
      }),
    )
    expect(lists.sets.bitcoin).toEqual(new Set([LISTED_XBT, LISTED_BECH32]))
    expect(lists.sets.tron).toEqual(new Set([LISTED_TRX]))
    expect(lists.sets.evm).toEqual(new Set([LISTED_ETH.toLowerCase()]))
    expect(lists.ignoredFiles).toEqual(['sanctioned_addresses_XMR.txt'])
  })

  it('loads the shipped lists, each into its family', () => {
    const { sets, files } = loadScreeningLists(DEFAULTS.screeningDir)
    expect(files).toContain('sanctioned_addresses_ETH.txt')
    // The Solana family's list is read like the others; the fixture's holds no address (fixtures/ofac/README.md).
    expect(files).toContain('sanctioned_addresses_SOL.txt')
    expect(sets.solana.size).toBe(0)
    expect(sets.evm.has(LISTED_ETH.toLowerCase()) && sets.bitcoin.has(LISTED_XBT) && sets.tron.has(LISTED_TRX)).toBe(
      true,
    )
  })

  it('refuses a line that is no address, naming file and line', () => {
    const dir = listDir({ 'sanctioned_addresses_ETH.txt': `${OWN_EVM}\n0x1234\n` })
    expect(() => loadScreeningLists(dir)).toThrow('sanctioned_addresses_ETH.txt line 2: "0x1234"')
  })

  it('refuses a directory without lists, or none at all', () => {
    expect(() => loadScreeningLists(listDir({ 'README.md': '' }))).toThrow('holds no sanctioned_addresses_')
    expect(() =>
      createCompliance({ ...DEFAULTS, screeningDir: join(tempDir, 'absent') }, { snapshot: SNAPSHOT }),
    ).toThrow('SCREENING_DIR')
  })
})
