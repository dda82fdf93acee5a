/**
 * What the quoting commands share: the snapshot and engine, tokens named as `chainId:symbol` or `chainId:address`,
 * and a request built from options. Bad options are the spec's `INVALID_PARAMETER`, naming the option.
 */
import type { Command } from 'commander'
import { type Engine, createEngine } from '../engine/createEngine.js'
import {
  InvalidDstTokenError,
  InvalidSrcTokenError,
  MissingRequiredFieldError,
  UnsupportedNetworkError,
} from '../engine/errors/index.js'
import { type QuoteRequest, type Snapshot, type Token, walletAddressProblem } from '../engine/index.js'
import { loadSnapshotFile } from '../engine/loader.js'
import { badOption } from './errors.js'

/** Sender used when none is given, for EVM-address chains (a quote does not depend on who sends it). */
export const DEFAULT_SENDER = '0x1111111111111111111111111111111111111111'

/** Options of every command that quotes. */
export interface RequestOptions {
  snapshot?: string
  src: string
  dst: string
  exactOut?: boolean
  slippage: string
  sender?: string
  recipient?: string
  json?: boolean
}

/**
 * Adds the request options (`--src`, `--dst`, `--exact-out`, `--slippage`, `--sender`, `--recipient`) and the common
 * `--snapshot` and `--json` to a command.
 *
 * @example withRequestOptions(program.command('quote')).requiredOption('--amount <units>')
 */
export function withRequestOptions(command: Command): Command {
  return withCommonOptions(command)
    .requiredOption('--src <chain:token>', 'source chain id and token symbol or address, e.g. 42161:USDC')
    .requiredOption('--dst <chain:token>', 'destination chain id and token symbol or address, e.g. 10:USDT')
    .option('--exact-out', 'the amount is the output wanted (default: the input given)')
    .option('--slippage <bps>', 'slippage tolerance in bps', '50')
    .option(
      '--sender <address>',
      `sender address (default ${DEFAULT_SENDER} on EVM-address chains; required elsewhere)`,
    )
    .option('--recipient <address>', 'receiver on the destination chain, required across address formats')
}

/**
 * Adds `--snapshot <file>` and `--json` to a command.
 *
 * @example withCommonOptions(program.command('snapshot stats'))
 */
export function withCommonOptions(command: Command): Command {
  return command
    .option('--snapshot <file>', "snapshot JSON file (default: the package's default snapshot)")
    .option('--json', 'print JSON for scripts instead of tables')
}

/**
 * The engine over `--snapshot` (or the default snapshot).
 *
 * @throws InvalidSnapshotError for an unreadable or invalid file.
 */
export function engineOf(options: { snapshot?: string }): Engine {
  return createEngine(loadSnapshotFile(options.snapshot))
}

/**
 * The snapshot token a `chainId:symbol` or `chainId:address` names; an address the snapshot lacks is kept as
 * given, so that the engine answers it with the spec's token error.
 *
 * @throws InvalidParameterError for a malformed value or an ambiguous symbol; UnsupportedNetworkError for a chain
 *   the snapshot lacks; InvalidSrcTokenError (`--src`) or InvalidDstTokenError (else) for a symbol no
 *   token of the chain has — the codes the engine answers for an unknown chain or token address.
 * @example resolveToken(engine.snapshot, '--src', '42161:USDC').address // '0xaf88…5831'
 */
export function resolveToken(
  snapshot: Snapshot,
  option: string,
  value: string,
): { chainId: number; address: string; token: Token | undefined } {
  const match = /^(\d+):(.+)$/.exec(value)
  if (match === null) throw badOption(option, value, 'must be <chainId>:<symbol or address>, e.g. 42161:USDC')
  const chainId = Number(match[1])
  const name = match[2]!
  const chain = snapshot.chains.get(chainId)
  if (chain === undefined) throw new UnsupportedNetworkError({ chainId })
  const onChain = [...snapshot.tokens.values()].filter((token) => token.chainId === chainId)
  const byAddress = onChain.find((token) => token.address.toLowerCase() === name.toLowerCase())
  if (byAddress !== undefined) return { chainId, address: byAddress.address, token: byAddress }
  const bySymbol = onChain.filter((token) => token.symbol.toLowerCase() === name.toLowerCase())
  if (bySymbol.length === 1) return { chainId, address: bySymbol[0]!.address, token: bySymbol[0] }
  if (bySymbol.length > 1) {
    const addresses = bySymbol.map((token) => token.address).join(', ')
    throw badOption(option, value, `symbol ${name} names several tokens on chain ${chainId}: ${addresses}`)
  }
  if (name.length >= 20) return { chainId, address: name, token: undefined }
  const message = `${option} ${value}: no token with symbol ${name} on chain ${chainId} (${chain.name}) in the snapshot`
  throw option === '--src' ? new InvalidSrcTokenError(message) : new InvalidDstTokenError(message)
}

/**
 * A positive integer amount in smallest units, as a decimal string.
 *
 * @throws InvalidParameterError naming the option.
 * @example parseAmount('--amount', '1000000') // '1000000'
 */
export function parseAmount(option: string, value: string): string {
  if (!/^\d+$/.test(value)) throw badOption(option, value, 'must be an integer amount in smallest units')
  return BigInt(value).toString()
}

/**
 * The quote request (without its amount) the options describe.
 *
 * @throws resolveToken's errors for `--src` and `--dst`; InvalidParameterError for a bad `--slippage`;
 *   MissingRequiredFieldError (`--sender`) for a source chain whose addresses are not EVM addresses and no
 *   `--sender`: the default sender is an EVM address, which such a chain would refuse.
 */
export function requestOf(snapshot: Snapshot, options: RequestOptions): Omit<QuoteRequest, 'amount'> {
  const src = resolveToken(snapshot, '--src', options.src)
  const dst = resolveToken(snapshot, '--dst', options.dst)
  const slippage = Number(options.slippage)
  if (!/^\d+(\.\d+)?$/.test(options.slippage)) throw badOption('--slippage', options.slippage, 'must be bps, e.g. 50')
  const srcChain = snapshot.chains.get(src.chainId)!
  if (options.sender === undefined && walletAddressProblem(srcChain.vm, DEFAULT_SENDER) !== undefined) {
    throw new MissingRequiredFieldError({
      field: '--sender',
      context: `a ${srcChain.name} (${srcChain.vm}) source needs the sender's address; the default is an EVM address`,
    })
  }
  return {
    sender: options.sender ?? DEFAULT_SENDER,
    ...(options.recipient === undefined ? {} : { recipient: options.recipient }),
    srcChainId: src.chainId,
    srcToken: src.address,
    dstChainId: dst.chainId,
    dstToken: dst.address,
    swapDirection: options.exactOut === true ? 'exact-amount-out' : 'exact-amount-in',
    slippage,
  } as Omit<QuoteRequest, 'amount'>
}
