/**
 * Every address the venue flow acts for is screened (issue 24, point 3), through the real service: the venue user's
 * account and its proxy wallet (`createOrFetchVenueUser`, and `getAction actionType=venue` for a user created before
 * it was listed), the funding sender, and the Solana sponsor — against lists of `SCREENING_DIR`, one per address
 * family, Solana's included (`sanctioned_addresses_SOL.txt`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveProxyWallet } from '../../service/venue/proxyWallet.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Reply, send } from './contract.js'
import { ALPHA, POLYGON, bodyOf, createUser, get, orderQuery, venueAction } from '../venueTrading/venueOrderApi.js'

/** Listed from the start. */
const LISTED_OWNER = '0x1111111111111111111111111111111111111111'
/** Clean itself; its proxy wallet is listed. */
const OWNER_OF_LISTED_PROXY = '0x2222222222222222222222222222222222222222'
/** A venue user created while clean, listed since. */
const LISTED_SINCE = '0x3333333333333333333333333333333333333333'
/** A funding sender on the list. */
const LISTED_SENDER = '0x4444444444444444444444444444444444444444'
const CLEAN_OWNER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const CLEAN_SENDER = '0x5555555555555555555555555555555555555555'
/** The one Solana address of the Solana list (a valid 32-byte key). */
const LISTED_SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const CLEAN_SOLANA = Keypair.generate().publicKey.toBase58()
const CLEAN_SPONSOR = Keypair.generate().publicKey.toBase58()
const SOLANA = '1151111081099710'

const root = mkdtempSync(join(tmpdir(), 'crossroute-venue-screening-'))
const dataDir = join(root, 'data')
const listDir = join(root, 'lists')
let service: RunningService

beforeAll(async () => {
  // The user of LISTED_SINCE exists before its account is listed: created by a service on the shipped lists.
  const before = await startService({ DATA_DIR: dataDir }, { timeoutMs: 90_000 })
  try {
    await createUser(before, LISTED_SINCE)
  } finally {
    await before.stop()
  }
  mkdirSync(listDir)
  const proxy = deriveProxyWallet(OWNER_OF_LISTED_PROXY)
  writeFileSync(
    join(listDir, 'sanctioned_addresses_ETH.txt'),
    `${LISTED_OWNER}\n${proxy}\n${LISTED_SINCE}\n${LISTED_SENDER}\n`,
  )
  writeFileSync(join(listDir, 'sanctioned_addresses_SOL.txt'), `# a test list of one\n${LISTED_SOLANA}\n`)
  service = await startService(
    { DATA_DIR: dataDir, SCREENING_DIR: listDir, SIMULATED_TIME_SCALE: '0.001' },
    { timeoutMs: 90_000 },
  )
}, 200_000)
afterAll(async () => {
  await service?.stop()
  rmSync(root, { recursive: true, force: true })
})

const createOrFetch = (address: string): Promise<Reply> =>
  send(`${service.url}/workflows/venue/createOrFetchVenueUser`, {
    method: 'POST',
    headers: { 'x-api-key': ALPHA, 'content-type': 'application/json' },
    body: JSON.stringify({ address }),
  })

/** The 403 existing screening answers, for `address` on `chainId`. */
function expectScreened(reply: Reply, address: string, chainId: number): void {
  expect(reply.status, reply.body).toBe(403)
  expect(bodyOf<{ success: boolean; error: { code: string; details: unknown } }>(reply)).toMatchObject({
    success: false,
    error: {
      code: 'WALLET_SCREENED',
      details: { walletAddress: address, chainId, riskLevel: 'severe', reason: 'OFAC SDN list' },
    },
  })
}

describe('createOrFetchVenueUser', () => {
  it('refuses a listed account: no user, no proxy wallet', async () => {
    expectScreened(await createOrFetch(LISTED_OWNER), LISTED_OWNER, 137)
  })

  it('refuses an account whose proxy wallet is listed', async () => {
    expectScreened(await createOrFetch(OWNER_OF_LISTED_PROXY), deriveProxyWallet(OWNER_OF_LISTED_PROXY), 137)
  })

  it('refuses to answer the existing user of an account listed since', async () => {
    expectScreened(await createOrFetch(LISTED_SINCE), LISTED_SINCE, 137)
  })

  it('answers a clean account', async () => {
    expect((await createOrFetch(CLEAN_OWNER)).status).toBe(200)
  })
})

describe('getAction actionType=venue', () => {
  it('refuses an order for a user listed since, whoever funds it', async () => {
    const listed = { userId: LISTED_SINCE, proxyWallet: deriveProxyWallet(LISTED_SINCE) }
    const reply = await get(service, '/getAction', orderQuery(listed, { sender: CLEAN_SENDER }))
    expectScreened(reply, LISTED_SINCE, 137)
  })

  it('refuses the same order in a getActions batch', async () => {
    const listed = { userId: LISTED_SINCE, proxyWallet: deriveProxyWallet(LISTED_SINCE) }
    const reply = await send(`${service.url}/getActions`, {
      method: 'POST',
      headers: { 'x-api-key': ALPHA, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [orderQuery(listed, { sender: CLEAN_SENDER })] }),
    })
    expect(reply.status, reply.body).toBe(200)
    const [result] = bodyOf<{ results: { status: number; body: { error: { code: string } } }[] }>(reply).results
    expect(result).toMatchObject({ status: 403, body: { error: { code: 'WALLET_SCREENED' } } })
  })

  it('refuses a listed funding sender for a clean user, and quotes the clean one', async () => {
    const user = await createUser(service, CLEAN_OWNER)
    expectScreened(
      await get(service, '/getAction', orderQuery(user, { sender: LISTED_SENDER })),
      LISTED_SENDER,
      Number(POLYGON),
    )
    await venueAction(service, orderQuery(user, { sender: CLEAN_SENDER }))
  })
})

describe('Solana: the list of its family', () => {
  const solanaSwap = (query: Record<string, string>) =>
    get(service, '/getAction', {
      actionType: 'swap-action',
      slippage: '50',
      srcChainId: SOLANA,
      srcToken: '11111111111111111111111111111111',
      dstChainId: SOLANA,
      dstToken: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      amount: '1000000000',
      swapDirection: 'exact-amount-in',
      ...query,
    })

  it('refuses a listed Solana sponsor of a clean sender', async () => {
    expectScreened(
      await solanaSwap({ sender: CLEAN_SOLANA, solanaSponsor: LISTED_SOLANA }),
      LISTED_SOLANA,
      Number(SOLANA),
    )
  })

  it('refuses a listed Solana sender, and quotes clean ones', async () => {
    expectScreened(await solanaSwap({ sender: LISTED_SOLANA }), LISTED_SOLANA, Number(SOLANA))
    const clean = await solanaSwap({ sender: CLEAN_SOLANA, solanaSponsor: CLEAN_SPONSOR })
    expect(clean.status, clean.body).toBe(200)
  })
})
