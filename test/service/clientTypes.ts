/**
 * Type-level test of the typed client, checked by `tsc --noEmit` (never run): calls the types must refuse carry
 * `@ts-expect-error`, so that the check fails the day the types stop refusing them (an unused directive is an
 * error), and the accepted calls fail it the day the types stop accepting them.
 */
import { type CrossrouteClient, createCrossrouteClient } from '../../service/client/index.js'

const quote = {
  actionType: 'swap-action',
  sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  srcChainId: 8453,
  srcToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  dstChainId: 10,
  dstToken: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
  amount: '1000000000',
  swapDirection: 'exact-amount-in',
  slippage: 50,
} as const

export async function clientTypes(
  client: CrossrouteClient = createCrossrouteClient({ baseUrl: '/api', apiKey: 'k' }),
): Promise<void> {
  // Accepted: the documented parameters with their documented types.
  const { data, error } = await client.GET('/getAction', {
    params: { query: { ...quote, bridgeIds: ['cctp'], appFees: [{ bps: 25, receiverAddress: '0x0' }] } },
  })
  if (data !== undefined) {
    const amountOut: string = data.amountOut.amount
    const txId: string = data.txId
    void [amountOut, txId]
    // @ts-expect-error amounts are decimal strings (also proves `data` is neither `any` nor `never`)
    const asNumber: number = data.amountOut.amount
    void asNumber
    // @ts-expect-error a field the action response does not have
    void data.amountOutt
  }
  if (error?.error.code === 'INVALID_PARAMETER') {
    const parameter: string = error.error.details.parameter
    void parameter
  }
  // @ts-expect-error a code getAction never answers
  void (error?.error.code === 'TX_HASH_CONFLICT')

  // @ts-expect-error misspelt query parameter (`bridgeId` for `bridgeIds`)
  await client.GET('/getAction', { params: { query: { ...quote, bridgeId: ['cctp'] } } })
  // @ts-expect-error wrong parameter type: `slippage` is a number
  await client.GET('/getAction', { params: { query: { ...quote, slippage: '50' } } })
  // @ts-expect-error wrong parameter type: `bridgeIds` items are documented bridge ids
  await client.GET('/getAction', { params: { query: { ...quote, bridgeIds: ['wormhole'] } } })
  // @ts-expect-error wrong parameter type: `appFees` is an array of {bps, receiverAddress}, not a string
  await client.GET('/getAction', { params: { query: { ...quote, appFees: '[]' } } })
  // @ts-expect-error a required parameter missing (`sender`)
  await client.GET('/getAction', { params: { query: { ...quote, sender: undefined } } })
  // @ts-expect-error `vmId` is one of the documented VMs
  await client.POST('/registerTxs', { body: { txId: '0x', vmId: 'cosmos', txHash: '0x', chainId: 1 } })
  // @ts-expect-error `limit` of getTransactions is a number
  await client.GET('/getTransactions', { params: { query: { limit: '10' } } })
  // @ts-expect-error an undocumented path
  await client.GET('/getQuote', {})
}
