/**
 * `POST /workflows/venue/createOrFetchVenueUser` through the real service (main thread, several worker threads, one
 * SQLite file): the answer and its OpenAPI schema, idempotence under 100 concurrent calls, tenancy, and the errors.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, valueOf } from '../../service/store/database.js'
import type { OpenApiDocument } from '../../service/openapi/types.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Contract, type Reply, createContract, send } from '../service/contract.js'

const PATH = '/workflows/venue/createOrFetchVenueUser'
const OWNER = '0x76a22D91bcb74261EB53354e25CE4F37dDa32934'
/** Its Safe, from the research file's test vectors. */
const SAFE = '0x22dA6635E16e2f540FBe16d253a89DC8a4674eDC'

let service: RunningService
let contract: Contract
const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-venue-users-'))

const post = (body: string, key = 'dev-key-alpha', type = 'application/json'): Promise<Reply> =>
  send(`${service.url}${PATH}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': type },
    body,
    timeoutMs: 30_000,
  })
const json = (reply: Reply) => JSON.parse(reply.body) as Record<string, unknown>
const conforms = (reply: Reply) => expect(contract.check(PATH, 'post', reply)).toEqual([])

beforeAll(async () => {
  service = await startService({ THREADS: '4', DATA_DIR: dataDir }, { timeoutMs: 90_000 })
  const document = await send(`${service.url}/openapi.json`)
  contract = createContract(JSON.parse(document.body) as OpenApiDocument)
}, 120_000)

afterAll(async () => {
  await service?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('createOrFetchVenueUser', () => {
  it('creates a user once under 100 concurrent calls for one account, in one row', async () => {
    const account = '0xb18ec66081b444037f7c1b5ffee228693b854e7a'
    const replies = await Promise.all(Array.from({ length: 100 }, () => post(JSON.stringify({ address: account }))))
    for (const reply of replies) {
      expect(reply.status).toBe(200)
      conforms(reply)
    }
    const bodies = replies.map(json)
    expect(bodies.filter((body) => body.created === true)).toHaveLength(1)
    const users = new Set(bodies.map((body) => JSON.stringify({ ...body, created: undefined })))
    expect(users.size).toBe(1)
    expect(bodies[0]).toMatchObject({
      userId: getAddress(account),
      address: getAddress(account),
      proxyWallet: '0x45dCeb24119296fB57D06d83c1759cC191c3c96E',
    })

    const db = openDatabase(join(dataDir, 'crossroute.sqlite'))
    try {
      expect(valueOf(db.prepare('SELECT count(*) FROM venue_users WHERE address = ?'), account)).toBe(1)
    } finally {
      db.close()
    }
  })

  it('answers the stored user on a later call, whatever the case of the account', async () => {
    const first = await post(JSON.stringify({ address: OWNER }))
    const again = await post(JSON.stringify({ address: OWNER.toLowerCase(), other: 'ignored' }))
    expect(json(first)).toMatchObject({ userId: OWNER, proxyWallet: SAFE, created: true })
    expect(json(again)).toEqual({ ...json(first), created: false })
    expect(again.headers['cache-control']).toBe('no-store')
  })

  it('keeps users per organization', async () => {
    const account = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
    expect(json(await post(JSON.stringify({ address: account })))).toMatchObject({ created: true })
    const other = await post(JSON.stringify({ address: account }), 'dev-key-beta')
    expect(json(other)).toMatchObject({ userId: account, created: true })
  })

  it.each([
    ['a missing address', '{}', 'MISSING_REQUIRED_FIELD', { field: 'address', context: 'createOrFetchVenueUser' }],
    ['a malformed address', '{"address":"0x1234"}', 'INVALID_ADDRESS_FORMAT', { field: 'address' }],
    [
      'a bad checksum',
      JSON.stringify({ address: OWNER.replace('D91', 'd91') }),
      'INVALID_ADDRESS_FORMAT',
      { field: 'address' },
    ],
    [
      'the zero address',
      JSON.stringify({ address: `0x${'0'.repeat(40)}` }),
      'INVALID_ADDRESS_FORMAT',
      { field: 'address' },
    ],
    ['a number', '{"address":42}', 'INVALID_PARAMETER', { parameter: 'address' }],
    ['an array body', '[]', 'INVALID_PARAMETER', { parameter: 'body' }],
    ['malformed JSON', '{"address":', 'INVALID_PARAMETER', { parameter: 'body' }],
  ])('answers %s with 400 %s', async (_, body, code, details) => {
    const reply = await post(body)
    expect(reply.status).toBe(400)
    conforms(reply)
    expect(json(reply).error).toMatchObject({ code, details })
  })

  it('refuses a body that is not JSON', async () => {
    const reply = await post(`address=${OWNER}`, 'dev-key-alpha', 'application/x-www-form-urlencoded')
    expect(reply.status).toBe(400)
    expect(json(reply).error).toMatchObject({ code: 'INVALID_PARAMETER', details: { parameter: 'body' } })
  })

  it('needs an API key', async () => {
    const reply = await send(`${service.url}${PATH}`, { method: 'POST', body: '{}' })
    expect(reply.status).toBe(401)
  })
})
