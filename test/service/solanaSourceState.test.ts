/**
 * The Solana source-state fetcher: simulated without `SOLANA_RPC_URL`; over a local server speaking Solana JSON-RPC
 * with it (blockhash, the mint's program), and the spec's errors when the node cannot help.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidSrcTokenError } from '../../engine/index.js'
import { SIMULATED_RECENT_BLOCKHASH } from '../../engine/transactions.js'
import { ServiceUnavailableError } from '../../service/errors.js'
import { createSolanaSourceStateFetcher } from '../../service/vm/solanaSourceState.js'
import { sourceStateFetchers } from '../../service/vm/sourceState.js'
import { loadConfig } from '../../service/config.js'
import { type SolanaRpcStub, startSolanaRpcStub } from '../helpers/solanaRpcStub.js'

const SOL = '11111111111111111111111111111111'
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const request = (tokenIn: string) => ({
  chainId: 1151111081099710,
  sender: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  tokenIn,
  amountInMax: 1_000_000n,
})

let rpc: SolanaRpcStub
beforeAll(async () => {
  rpc = await startSolanaRpcStub()
})
afterAll(() => rpc.close())

describe('the Solana source-state fetcher', () => {
  it('is the fetcher of the solana VM, and answers the simulated blockhash without SOLANA_RPC_URL', async () => {
    const fetch = sourceStateFetchers(loadConfig({})).get('solana')!
    expect(await fetch(request(USDC))).toEqual({
      vm: 'solana',
      solana: { recentBlockhash: SIMULATED_RECENT_BLOCKHASH },
    })
  })

  it("reads the blockhash, and the mint's program for a token, from SOLANA_RPC_URL", async () => {
    rpc.blockhash = 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi'
    rpc.owners.set(USDC, TOKEN_2022)
    const fetch = sourceStateFetchers(loadConfig({ SOLANA_RPC_URL: rpc.url })).get('solana')!
    expect(await fetch(request(USDC))).toEqual({
      vm: 'solana',
      solana: { recentBlockhash: rpc.blockhash, tokenProgram: TOKEN_2022 },
    })
    const calls = rpc.calls.length
    expect(await fetch(request(SOL))).toEqual({ vm: 'solana', solana: { recentBlockhash: rpc.blockhash } })
    expect(rpc.calls.slice(calls)).toEqual(['getLatestBlockhash'])
  })

  it('refuses a source token that is no mint of a token program on the node', async () => {
    const fetch = createSolanaSourceStateFetcher({ solanaRpcUrl: rpc.url })
    const missing = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
    await expect(fetch(request(missing))).rejects.toThrow(InvalidSrcTokenError)
    rpc.owners.set(missing, SOL)
    await expect(fetch(request(missing))).rejects.toThrow(/owned by 11111111111111111111111111111111/)
  })

  it('answers 503 SERVICE_UNAVAILABLE when the node does not answer', async () => {
    const fetch = createSolanaSourceStateFetcher({ solanaRpcUrl: 'http://127.0.0.1:1' })
    const error = await fetch(request(SOL)).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { retryAfterSeconds: 1 } })
  })

  it('refuses a SOLANA_RPC_URL that is no http(s) URL', () => {
    expect(() => loadConfig({ SOLANA_RPC_URL: 'ws://127.0.0.1:8900' })).toThrow(/SOLANA_RPC_URL must be http\(s\)/)
  })
})
