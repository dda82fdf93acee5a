/**
 * The `executions` of a gasless action: what the user signs so that the gasless provider moves the input to the
 * quote's deposit address and pays the energy (`service/schema/gasless.ts` documents every field). Only Tron has a
 * provider, and it relays TRC-20 transfers; the checks here decide which requests may ask for gasless.
 */
import { type Hex, hexToBigInt } from 'viem'
import { type Chain, InvalidParameterError, type QuoteResult, type Vm } from '../../engine/index.js'
import { tronAbiAddress } from '../../engine/transactions.js'
import { GaslessNotEnabledError } from '../errors.js'
import type { Execution } from '../schema/gasless.js'
import type { ApiKeyRecord } from '../types.js'

/**
 * The provider's accounts on Tron: its controller contract (the typed data's `verifyingContract`) and the account
 * that relays. Fixed values of this deployment, shared by the simulated provider and the one at
 * `GASLESS_PROVIDER_URL`.
 */
export const GASLESS_TRON_ACCOUNTS = Object.freeze({
  controller: 'TFFAMQLZybALaLb4uxHA9RBE7pxhUAjF3U',
  serviceProvider: 'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E',
})

/** The VMs with a gasless provider (SPEC §1: currently Tron). */
const GASLESS_VMS: ReadonlySet<Vm> = new Set<Vm>(['tron'])

/** The fields of a `PermitTransfer`, in the provider's order (the order is part of the type hash). */
const PERMIT_TRANSFER_FIELDS = [
  { name: 'token', type: 'address' },
  { name: 'serviceProvider', type: 'address' },
  { name: 'user', type: 'address' },
  { name: 'receiver', type: 'address' },
  { name: 'value', type: 'uint256' },
  { name: 'maxFee', type: 'uint256' },
  { name: 'deadline', type: 'uint256' },
  { name: 'version', type: 'uint256' },
  { name: 'nonce', type: 'uint256' },
]

/**
 * Refuses a gasless request the service cannot serve, before anything is quoted or recorded.
 *
 * @throws GaslessNotEnabledError (403) when the API key does not have gasless enabled (SPEC §5.5);
 *   InvalidParameterError (`gasless`) when the source chain has no gasless provider (only Tron has one) or the
 *   source token is the native coin (the provider relays TRC-20 transfers only).
 * @example checkGasless(apiKey, srcChain, request.srcToken)
 */
export function checkGasless(apiKey: ApiKeyRecord, srcChain: Chain | undefined, srcToken: string): void {
  if (!apiKey.gasless) throw new GaslessNotEnabledError({ appId: apiKey.appId })
  if (srcChain === undefined || !GASLESS_VMS.has(srcChain.vm)) {
    const name = srcChain === undefined ? 'this chain' : srcChain.name
    throw new InvalidParameterError({
      parameter: 'gasless',
      value: 'true',
      reason: `${name} has no gasless provider: gasless is available from Tron only`,
    })
  }
  if (srcToken === srcChain.nativeToken) {
    throw new InvalidParameterError({
      parameter: 'gasless',
      value: 'true',
      reason: 'the gasless provider relays TRC-20 transfers: TRX input cannot be gasless',
    })
  }
}

/**
 * The executions of a gasless quote: one TIP-712 `PermitTransfer` of the input bound from `sender` to the quote's
 * deposit address.
 *
 * @param parameters - the quote, its `txId`, deadline and deposit address, and the sender (Tron addresses).
 * @returns the steps, in order.
 * @example
 * gaslessExecutions({ quote, txId, deadline, depositAddress, sender })[0].typedData.message.receiver
 */
export function gaslessExecutions(parameters: {
  readonly quote: QuoteResult
  readonly txId: Hex
  readonly deadline: number
  readonly depositAddress: string
  readonly sender: string
}): Execution[] {
  const { quote, txId, deadline, depositAddress, sender } = parameters
  return [
    {
      step: 1,
      kind: 'signTypedData',
      signer: sender,
      typedData: {
        domain: {
          name: 'GasFreeController',
          version: 'V1.0.0',
          chainId: quote.amountIn.chainId,
          verifyingContract: tronAbiAddress(GASLESS_TRON_ACCOUNTS.controller),
        },
        types: { PermitTransfer: PERMIT_TRANSFER_FIELDS },
        primaryType: 'PermitTransfer',
        message: {
          token: tronAbiAddress(quote.amountIn.address),
          serviceProvider: tronAbiAddress(GASLESS_TRON_ACCOUNTS.serviceProvider),
          user: tronAbiAddress(sender),
          receiver: tronAbiAddress(depositAddress),
          value: quote.amountInMax.amount,
          maxFee: '0',
          deadline: String(deadline),
          version: '1',
          nonce: hexToBigInt(txId).toString(),
        },
      },
    },
  ]
}
