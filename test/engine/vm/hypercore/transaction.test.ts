/**
 * The HyperCore spot send against the quote, signed for real: a test account signs the typed data with viem, and the
 * signer is recovered from the signature (as Hyperliquid does) over the typed data as the JSON answer carries it.
 */
import { formatUnits, hashTypedData, recoverTypedDataAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { InvalidSrcTokenError, createEngine } from '../../../../engine/index.js'
import { loadSnapshotFile } from '../../../../engine/loader.js'
import {
  HYPERLIQUID_SIGNATURE_CHAIN_ID,
  buildHypercoreTransaction,
  transactionBuilderOf,
} from '../../../../engine/transactions.js'
import { thrown } from '../../../helpers/thrown.js'

const engine = createEngine(loadSnapshotFile())
const HYPERCORE = 1337
const HC_USDC = '0x2000000000000000000000000000000000000000'
const BRIDGE = engine.snapshot.chains.get(HYPERCORE)!.routerAddress
const account = privateKeyToAccount(`0x${'42'.repeat(32)}`)
const TX_ID = `0x${'00'.repeat(30)}04d2` as const
const DEADLINE = 1_800_000_000

function quote(swapDirection: 'exact-amount-in' | 'exact-amount-out', dstChainId = 8453) {
  return engine.quote({
    sender: account.address,
    srcChainId: HYPERCORE,
    srcToken: HC_USDC,
    dstChainId,
    dstToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    amount: '25000000000',
    swapDirection,
    slippage: 50,
  })
}

describe('HyperCore spot send', () => {
  it('is the builder of the hypercore VM', () => {
    const quoted = quote('exact-amount-in')
    const parameters = {
      snapshot: engine.snapshot,
      txId: TX_ID,
      quote: quoted,
      swapDirection: 'exact-amount-in' as const,
      sender: account.address,
      deadline: DEADLINE,
    }
    expect(transactionBuilderOf('hypercore')!(parameters)).toEqual(buildHypercoreTransaction(parameters))
  })

  for (const direction of ['exact-amount-in', 'exact-amount-out'] as const) {
    it(`${direction}: the typed data sends the input bound to the bridge, and its signature recovers the signer`, async () => {
      const quoted = quote(direction)
      const tx = buildHypercoreTransaction({
        snapshot: engine.snapshot,
        txId: TX_ID,
        quote: quoted,
        deadline: DEADLINE,
      })
      // Through JSON, as a client receives it.
      const { typedData, action, data } = JSON.parse(JSON.stringify(tx)) as typeof tx
      expect(typedData.domain).toEqual({
        name: 'HyperliquidSignTransaction',
        version: '1',
        chainId: 42161,
        verifyingContract: '0x0000000000000000000000000000000000000000',
      })
      expect(typedData.primaryType).toBe('HyperliquidTransaction:SpotSend')
      expect(typedData.message).toEqual({
        hyperliquidChain: 'Mainnet',
        destination: BRIDGE.toLowerCase(),
        token: 'USDC:0x6d1e7cde53ba9467b783cb7c530ce054',
        amount: formatUnits(BigInt(quoted.amountInMax.amount), 8),
        time: DEADLINE * 1000 + (0x04d2 % 1000),
      })
      expect(action).toEqual({
        type: 'spotSend',
        signatureChainId: HYPERLIQUID_SIGNATURE_CHAIN_ID,
        ...typedData.message,
      })
      expect(tx.value).toBe(quoted.amountInMax.amount)
      expect(tx.to).toBe(BRIDGE)
      const message = { ...typedData.message, time: BigInt(typedData.message.time) }
      expect(data).toBe(hashTypedData({ ...typedData, message }))
      const signature = await account.signTypedData({ ...typedData, message })
      expect(await recoverTypedDataAddress({ ...typedData, message, signature })).toBe(account.address)
    })
  }

  it('refuses a source token without a Hyperliquid spot name', () => {
    const quoted = quote('exact-amount-in')
    const unknown = {
      ...quoted,
      amountIn: { ...quoted.amountIn, address: '0x2000000000000000000000000000000000000999' },
    }
    thrown(
      () => buildHypercoreTransaction({ snapshot: engine.snapshot, txId: TX_ID, quote: unknown, deadline: DEADLINE }),
      InvalidSrcTokenError,
    )
  })
})
