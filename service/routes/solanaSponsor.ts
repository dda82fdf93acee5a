/** The `solanaSponsor` rule of `getAction` (SPEC §4.1). */
import {
  type Chain,
  InvalidAddressError,
  InvalidParameterError,
  addressProblem,
  vmModuleOf,
} from '../../engine/index.js'
import type { ActionRequest } from '../schema/actionRequest.js'

/**
 * SPEC §4.1: a sponsor pays the fees and rent of Solana same-chain swaps only. Checked before quoting, so that a
 * refused request records nothing.
 *
 * @param srcChain - the request's source chain in the snapshot (`undefined` when unknown).
 * @throws InvalidParameterError (`solanaSponsor`) on any other route; InvalidAddressError for a sponsor that is no
 *   32-byte key.
 *
 * @example checkSolanaSponsor(request, snapshot.chains.get(request.srcChainId))
 */
export function checkSolanaSponsor(request: ActionRequest, srcChain: Chain | undefined): void {
  if (request.solanaSponsor === undefined) return
  const acceptsSponsor = srcChain !== undefined && vmModuleOf(srcChain.vm).acceptsFeeSponsor === true
  if (srcChain === undefined || !acceptsSponsor || request.srcChainId !== request.dstChainId) {
    throw new InvalidParameterError({
      parameter: 'solanaSponsor',
      value: request.solanaSponsor,
      reason: 'solanaSponsor is only for Solana same-chain swaps (srcChainId and dstChainId both Solana)',
    })
  }
  const problem = addressProblem(srcChain.vm, request.solanaSponsor)
  if (problem !== undefined)
    throw new InvalidAddressError({ field: 'solanaSponsor', address: request.solanaSponsor, reason: problem })
}
