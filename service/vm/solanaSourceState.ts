/**
 * The Solana source-state fetcher: a recent blockhash and the source token's program, read per request from
 * `SOLANA_RPC_URL` through web3.js `Connection` (`getLatestBlockhash`, `getAccountInfo` of the mint). Without an
 * RPC the blockhash is the documented simulated one and SPL tokens are taken to belong to the Token program.
 */
import { PublicKey } from '@solana/web3.js'
import { InvalidSrcTokenError } from '../../engine/index.js'
import { SIMULATED_RECENT_BLOCKHASH, SOLANA_TOKEN_PROGRAMS, type SourceState } from '../../engine/transactions.js'
import { solanaModule } from '../../engine/vm/solana.js'
import { ServiceUnavailableError } from '../errors.js'
import type { ServiceConfig } from '../config.js'
import { solanaConnection } from './solanaConnection.js'
import type { SourceStateFetcher, SourceStateRequest } from './sourceState.js'

/** How long one `getAction` waits for the Solana node before answering 503. */
const RPC_TIMEOUT_MS = 5_000

/**
 * Creates the Solana fetcher of a configuration: over `SOLANA_RPC_URL` when set, simulated otherwise.
 *
 * @throws (from the fetcher) ServiceUnavailableError (503) when the node does not answer in time;
 *   InvalidSrcTokenError when the source token's mint is missing on the chain or owned by no token program.
 *
 * @example
 * const fetch = createSolanaSourceStateFetcher(config)
 * const { solana } = await fetch({ chainId, sender, tokenIn, amountInMax })
 */
export function createSolanaSourceStateFetcher(config: Pick<ServiceConfig, 'solanaRpcUrl'>): SourceStateFetcher {
  const url = config.solanaRpcUrl
  if (url === undefined) {
    const simulated: SourceState = Object.freeze({
      vm: 'solana',
      solana: { recentBlockhash: SIMULATED_RECENT_BLOCKHASH },
    })
    return () => Promise.resolve(simulated)
  }
  const connection = solanaConnection(url, RPC_TIMEOUT_MS)
  return async (request: SourceStateRequest): Promise<SourceState> => {
    const isNative = request.tokenIn === solanaModule.nativeToken
    let answers: [{ blockhash: string }, { owner: PublicKey } | null | undefined]
    try {
      answers = await Promise.all([
        connection.getLatestBlockhash('confirmed'),
        isNative ? undefined : connection.getAccountInfo(new PublicKey(request.tokenIn)),
      ])
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
      throw new ServiceUnavailableError({ retryAfterSeconds: 1 }, `The Solana node did not answer: ${reason}`)
    }
    const [{ blockhash }, mint] = answers
    if (isNative) return { vm: 'solana', solana: { recentBlockhash: blockhash } }
    const tokenProgram = mint?.owner.toBase58()
    if (tokenProgram === undefined || !SOLANA_TOKEN_PROGRAMS.includes(tokenProgram)) {
      throw new InvalidSrcTokenError(
        `The source token ${request.tokenIn} is ${tokenProgram === undefined ? 'no account' : `owned by ${tokenProgram}, not a token program`} on the Solana node`,
      )
    }
    return { vm: 'solana', solana: { recentBlockhash: blockhash, tokenProgram } }
  }
}
