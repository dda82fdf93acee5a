/**
 * getAction from Tron through the real service: the `tx` is a Tron router call whose calldata viem decodes to the
 * quote's figures (the TVM shares the EVM ABI), `to` the router in base58check, `value` sun; TRC-20 input needs an
 * approval, TRX input does not. The answers conform to the served OpenAPI document.
 */
import { type Hex, decodeFunctionData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ROUTER_ABI,
  SWAP_DIRECTION_CODE,
  decodeChainAddress,
  depositAddressOf,
  tronAbiAddress,
} from '../../engine/transactions.js'
import type { OpenApiDocument } from '../../service/openapi/types.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Contract, createContract, send } from './contract.js'
import { call, waitForStatus } from './trackerApi.js'

const START_TIMEOUT_MS = 90_000
const KEY = { 'x-api-key': 'dev-key-alpha' }
const TRON = '728126428'
const TRON_ROUTER = 'TQEeabbxpAEzVwV7ac36vXnjtiMRWq2r41'
const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const TRX = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
const ETH_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
const SENDER = 'TD63PfocedEstoByUVyEJ1SZJe9sD1bQHs'
const REFUND = 'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E'
const EVM_RECIPIENT = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
/**
 * Fees paid on Tron go to a Tron receiver: the key's default fees (an EVM receiver) cannot be paid from Tron, so
 * each request names its own (or none).
 */
const FEE_RECEIVER = 'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E'
const TRON_FEES = JSON.stringify([{ bps: 20, receiverAddress: FEE_RECEIVER }])

interface Amount {
  amount: string
  address: string
  chainId: number
  isNative: boolean
}
interface Action {
  tx: { to: string; data: Hex; value: string; chainId: number }
  txId: Hex
  vmId: string
  amountIn: Amount
  amountInMax: Amount
  amountOut: Amount
  amountOutMin: Amount
  protocolFee: Amount
  applicationFee: Amount
  requiresTokenApproval: boolean
  requiresRegisterTransaction: boolean
}

describe('getAction from Tron (real service, 2 workers)', () => {
  let service: RunningService
  let contract: Contract
  beforeAll(async () => {
    service = await startService({ SIMULATED_TIME_SCALE: '0.001', TRACKER_INTERVAL_MS: '20' })
    const document = JSON.parse((await send(`${service.url}/openapi.json`)).body) as OpenApiDocument
    contract = createContract(document)
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    await service?.stop()
  })

  async function getAction(parameters: Record<string, string>): Promise<Action> {
    const query = new URLSearchParams({
      actionType: 'swap-action',
      slippage: '50',
      sender: SENDER,
      appFees: '[]',
      ...parameters,
    })
    const reply = await send(`${service.url}/getAction?${query}`, { headers: KEY })
    expect(reply.status, reply.body.slice(0, 500)).toBe(200)
    expect(contract.check('/getAction', 'GET', reply)).toEqual([])
    return JSON.parse(reply.body) as Action
  }

  /** The calldata's order carries the quote's figures; Tron addresses as their 20 bytes after 0x41. */
  function expectCalldataOf(action: Action, swapDirection: keyof typeof SWAP_DIRECTION_CODE, refundTo = SENDER) {
    const { functionName, args } = decodeFunctionData({ abi: ROUTER_ABI, data: action.tx.data })
    expect(functionName).toBe('swap')
    const [txId, order, , fees] = args as unknown as readonly [
      Hex,
      Record<string, unknown>,
      unknown,
      { receiver: Hex }[],
    ]
    expect(txId).toBe(action.txId)
    expect(order).toMatchObject({
      tokenIn: expect.stringMatching(new RegExp(`^${tronAbiAddress(action.amountIn.address)}$`, 'i')),
      amountIn: BigInt(action.amountIn.amount),
      amountInMax: BigInt(action.amountInMax.amount),
      protocolFee: BigInt(action.protocolFee.amount),
      dstChainId: BigInt(action.amountOut.chainId),
      amountOut: BigInt(action.amountOut.amount),
      amountOutMin: BigInt(action.amountOutMin.amount),
      swapDirection: SWAP_DIRECTION_CODE[swapDirection],
    })
    expect((order.refundTo as string).toLowerCase()).toBe(tronAbiAddress(refundTo))
    return { order, fees }
  }

  it('TRC-20 USDT → Ethereum USDT, exact-in: base58 router, value 0, approval required, calldata = quote', async () => {
    const action = await getAction({
      srcChainId: TRON,
      srcToken: TRON_USDT,
      dstChainId: '1',
      dstToken: ETH_USDT,
      amount: '250000000',
      swapDirection: 'exact-amount-in',
      recipient: EVM_RECIPIENT,
      refundTo: REFUND,
      appFees: TRON_FEES,
    })
    expect(action.tx).toEqual({ to: TRON_ROUTER, data: expect.any(String), value: '0', chainId: Number(TRON) })
    expect(action.vmId).toBe('alt-vm')
    expect(action.requiresTokenApproval).toBe(true)
    expect(action.requiresRegisterTransaction).toBe(true)
    expect(action.amountIn.amount).toBe('250000000')
    const { order, fees } = expectCalldataOf(action, 'exact-amount-in', REFUND)
    expect(decodeChainAddress('evm', order.recipient as Hex)).toBe(EVM_RECIPIENT)
    expect(fees).toEqual([{ receiver: expect.any(String), amount: BigInt(action.applicationFee.amount) }])
    expect(fees[0]!.receiver.toLowerCase()).toBe(tronAbiAddress(FEE_RECEIVER))
    expect(BigInt(action.applicationFee.amount)).toBeGreaterThan(0n)
  })

  it('TRC-20 USDT → Ethereum USDT, exact-out: amountInMax bounds the input, amountOut is the request', async () => {
    const action = await getAction({
      srcChainId: TRON,
      srcToken: TRON_USDT,
      dstChainId: '1',
      dstToken: ETH_USDT,
      amount: '100000000',
      swapDirection: 'exact-amount-out',
      recipient: EVM_RECIPIENT,
    })
    expect(action.amountOut.amount).toBe('100000000')
    expect(BigInt(action.amountInMax.amount)).toBeGreaterThan(BigInt(action.amountIn.amount))
    expect(action.tx.value).toBe('0')
    expectCalldataOf(action, 'exact-amount-out')
  })

  it('TRX → USDT on Tron, exact-in: value is the sun sent, no approval, native tokenIn is the zero address', async () => {
    const action = await getAction({
      srcChainId: TRON,
      srcToken: TRX,
      dstChainId: TRON,
      dstToken: TRON_USDT,
      amount: '50000000',
      swapDirection: 'exact-amount-in',
    })
    expect(action.tx.value).toBe('50000000')
    expect(action.requiresTokenApproval).toBe(false)
    const { order } = expectCalldataOf(action, 'exact-amount-in')
    expect(order.tokenIn).toBe('0x0000000000000000000000000000000000000000')
    expect(decodeChainAddress('tron', order.recipient as Hex)).toBe(SENDER)
    expect(decodeChainAddress('tron', order.tokenOut as Hex)).toBe(TRON_USDT)
  })

  it('TRX → USDT on Tron, exact-out: value is amountInMax in sun', async () => {
    const action = await getAction({
      srcChainId: TRON,
      srcToken: TRX,
      dstChainId: TRON,
      dstToken: TRON_USDT,
      amount: '5000000',
      swapDirection: 'exact-amount-out',
    })
    expect(action.tx.value).toBe(action.amountInMax.amount)
    expectCalldataOf(action, 'exact-amount-out')
  })

  it('a registered Tron transaction (vmId alt-vm) reaches success through the simulated observer', async () => {
    const action = await getAction({
      srcChainId: TRON,
      srcToken: TRX,
      dstChainId: TRON,
      dstToken: TRON_USDT,
      amount: '20000000',
      swapDirection: 'exact-amount-in',
    })
    const txHash = '4c'.repeat(32)
    const registered = await call<unknown[]>(service, '/registerTxs', {
      method: 'POST',
      body: [{ txId: action.txId, vmId: 'alt-vm', txHash, chainId: Number(TRON) }],
    })
    expect(registered.body).toEqual([{ success: true, error: null, code: null }])
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed'])
    expect(details).toMatchObject({ status: 'success', srcTxHash: txHash, dstTxHash: txHash })
  })

  it('returnDepositAddress=true answers the Tron deposit address of the txId, the same on every read', async () => {
    const action = (await getAction({
      srcChainId: TRON,
      srcToken: TRON_USDT,
      dstChainId: TRON,
      dstToken: TRX,
      amount: '20000000',
      swapDirection: 'exact-amount-in',
      returnDepositAddress: 'true',
    })) as Action & { depositAddress: string }
    expect(action.depositAddress).toBe(depositAddressOf({ vm: 'tron', routerAddress: TRON_ROUTER }, action.txId))
    const status = await send(`${service.url}/getStatus?txId=${action.txId}`, { headers: KEY })
    expect(
      (JSON.parse(status.body) as { actionResponse: { depositAddress: string } }).actionResponse.depositAddress,
    ).toBe(action.depositAddress)
  })
})
