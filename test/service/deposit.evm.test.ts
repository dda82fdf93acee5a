/**
 * Deposit addresses over EVM JSON-RPC, on the project's Hardhat node (test/helpers/evmNode.ts, chain 42161) and
 * through the real service started with `RPC_URLS` pointing at it: funds sent with viem to the deposit address of
 * a quote — native ETH, and an ERC-20 (a test token from @uniswap/v2-core put at Arbitrum USDC's address) — are
 * seen by the EVM deposit watcher, registered with the deposit transaction's hash, and followed to success with no
 * registerTxs call.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  type Hex,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  erc20Abi,
  http,
  keccak256,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatedTxHash } from '../../service/tracker/simulatedTxHash.js'
import { type EvmNode, FUNDED_ACCOUNT, startEvmNode } from '../helpers/evmNode.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Action, ROUTES, getAction, getStatus, waitForStatus } from './trackerApi.js'

const CHAIN_ID = 42161
const ARB_USDC: Hex = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const NATIVE = '0x0000000000000000000000000000000000000000'
/** Arbitrum ETH → Optimism ETH: one bridge hop (simulated: Optimism has no RPC here). */
const ETH_TO_OPTIMISM = {
  srcChainId: '42161',
  srcToken: NATIVE,
  dstChainId: '10',
  dstToken: NATIVE,
  amount: '10000000000000000',
}
/** The test ERC-20 of @uniswap/v2-core (`constructor(uint totalSupply)` mints to the deployer; `balanceOf` slot 1). */
const TEST_ERC20 = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@uniswap/v2-core/build/ERC20.json'), 'utf8'),
) as { bytecode: string }
const BALANCE_OF_SLOT = 1n

type DepositAction = Action & { depositAddress: Hex; amountInMax: { amount: string } }

const chain = defineChain({
  id: CHAIN_ID,
  name: 'Hardhat (Arbitrum One id)',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
})

const walletAt = (url: string) =>
  createWalletClient({ account: privateKeyToAccount(FUNDED_ACCOUNT.privateKey), chain, transport: http(url) })
const clientAt = (url: string) => createPublicClient({ chain, transport: http(url) })

let node: EvmNode
let service: RunningService
let wallet: ReturnType<typeof walletAt>
let client: ReturnType<typeof clientAt>
beforeAll(async () => {
  node = await startEvmNode({ chainId: CHAIN_ID })
  wallet = walletAt(node.url)
  client = clientAt(node.url)
  await putTestTokenAt(ARB_USDC)
  service = await startService({
    RPC_URLS: `${CHAIN_ID}=${node.url}`,
    SIMULATED_TIME_SCALE: '0.001',
    TRACKER_INTERVAL_MS: '50',
  })
}, 120_000)
afterAll(async () => {
  await service?.stop()
  await node?.stop()
})

/** Deploys the test ERC-20 (the funded account holds its supply), then copies its code and that balance to `at`. */
async function putTestTokenAt(at: Hex): Promise<void> {
  const hash = await wallet.deployContract({
    abi: [{ type: 'constructor', inputs: [{ name: 'totalSupply', type: 'uint256' }], stateMutability: 'nonpayable' }],
    bytecode: `0x${TEST_ERC20.bytecode.replace(/^0x/, '')}`,
    args: [10n ** 15n],
  })
  const deployed = (await client.waitForTransactionReceipt({ hash })).contractAddress!
  await node.rpc('hardhat_setCode', [at, await client.getCode({ address: deployed })])
  const slot = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [FUNDED_ACCOUNT.address, BALANCE_OF_SLOT]),
  )
  const balance = await client.getStorageAt({ address: deployed, slot })
  await node.rpc('hardhat_setStorageAt', [at, slot, balance])
}

const depositAction = async (route: Record<string, string>) =>
  (await getAction(service, { ...route, returnDepositAddress: 'true' }, FUNDED_ACCOUNT.address)) as DepositAction

describe('deposit addresses over EVM JSON-RPC (Hardhat)', () => {
  it('native ETH sent to the deposit address: registered with its hash, bridged, success — no registerTxs', async () => {
    const action = await depositAction(ETH_TO_OPTIMISM)
    const hash = await wallet.sendTransaction({ to: action.depositAddress, value: BigInt(action.amountInMax.amount) })

    const { details } = await waitForStatus(service, action.txId, ['success', 'failed', 'requires refund'], 60_000)
    expect(details.status).toBe('success')
    expect(details.srcTxHash).toBe(hash)
    expect(details.bridgeDetails.txPath.map((entry) => [entry.chainId, entry.txHash])).toEqual([
      [CHAIN_ID, hash],
      [10, simulatedTxHash('evm', action.txId, 'delivery-1')],
    ])
  }, 90_000)

  it('an ERC-20 Transfer to the deposit address registers the quote; ETH sent there first is ignored', async () => {
    expect(
      await client.readContract({
        address: ARB_USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [FUNDED_ACCOUNT.address],
      }),
    ).toBe(10n ** 15n)
    const action = await depositAction(ROUTES.sameChain)
    await wallet.sendTransaction({ to: action.depositAddress, value: 1n })
    const hash = await wallet.writeContract({
      address: ARB_USDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [action.depositAddress, BigInt(action.amountInMax.amount)],
    })

    const { details } = await waitForStatus(service, action.txId, ['success', 'failed', 'requires refund'], 60_000)
    expect(details.status).toBe('success')
    expect(details.srcTxHash).toBe(hash)
    expect(details.bridgeDetails.txPath).toMatchObject([{ chainId: CHAIN_ID, txHash: hash, nextBridge: '' }])
  }, 90_000)

  it('an ERC-20 deposit short of amountInMax ends requires refund', async () => {
    const action = await depositAction(ROUTES.sameChain)
    const hash = await wallet.writeContract({
      address: ARB_USDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [action.depositAddress, BigInt(action.amountInMax.amount) / 2n],
    })
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed', 'requires refund'], 60_000)
    expect(details.status).toBe('requires refund')
    expect(details.srcTxHash).toBe(hash)
    expect((await getStatus(service, action.txId)).bridgeDetails.txPath).toHaveLength(1)
  }, 90_000)
})
