/**
 * The README's walk on the local chain, as a script (README "Local chain"): with `npm run localnet` running and the
 * service started on its `serviceEnv`, quotes USDC → WETH for the funded account, approves the router, sends the
 * quote's transaction, registers it and follows its status to `success`. One line per step on stdout.
 *
 * `npx tsx localnet/walk.ts [--localnet FILE] [--api URL] [--key KEY] [--amount USDC]`: defaults
 * `data/localnet/localnet.json`, `http://127.0.0.1:3000/api`, `dev-key-alpha`, 1000 (whole USDC).
 * Exit 1 when a step fails, with the reason on stderr.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { type Address, type Hex, erc20Abi, parseUnits } from 'viem'
import { clientsOf } from './contracts.js'
import type { LocalnetDescription } from './startLocalnet.js'

interface Action {
  txId: string
  tx: { to: Address; data: Hex; value: string; chainId: number }
  amountIn: { amount: string }
  amountInMax: { amount: string }
  amountOut: { amount: string }
  requiresTokenApproval: boolean
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      localnet: { type: 'string', default: 'data/localnet/localnet.json' },
      api: { type: 'string', default: 'http://127.0.0.1:3000/api' },
      key: { type: 'string', default: 'dev-key-alpha' },
      amount: { type: 'string', default: '1000' },
    },
  })
  const net = JSON.parse(readFileSync(resolve(values.localnet), 'utf8')) as LocalnetDescription
  const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(`${values.api}${path}`, {
      ...init,
      headers: { 'x-api-key': values.key, 'content-type': 'application/json' },
    })
    const body = (await response.json()) as T
    if (!response.ok) throw new Error(`${path.split('?')[0]} answered ${response.status}: ${JSON.stringify(body)}`)
    return body
  }
  const { publicClient, wallet, account } = clientsOf({ url: net.rpcUrl, chainId: net.chainId }, net.account.privateKey)
  const usdc = net.tokens.USDC!
  const weth = net.tokens.WETH!

  // 1. Quote: sell USDC for WETH, exact in.
  const query = new URLSearchParams({
    actionType: 'swap-action',
    sender: account,
    srcChainId: String(net.chainId),
    srcToken: usdc,
    dstChainId: String(net.chainId),
    dstToken: weth,
    amount: String(parseUnits(values.amount, 6)),
    swapDirection: 'exact-amount-in',
    slippage: '50',
  })
  const action = await api<Action>(`/getAction?${query}`)
  console.log(`quote    txId=${action.txId} amountIn=${action.amountIn.amount} amountOut=${action.amountOut.amount}`)

  // 2. Approve the router (tx.to) for the most the quote may take.
  if (action.requiresTokenApproval) {
    const hash = await wallet.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [action.tx.to, BigInt(action.amountInMax.amount)],
      account: wallet.account!,
      chain: wallet.chain,
    })
    await publicClient.waitForTransactionReceipt({ hash })
    console.log(`approve  ${action.tx.to} for ${action.amountInMax.amount} (${hash})`)
  }

  // 3. Send the quote's transaction as it is.
  const txHash = await wallet.sendTransaction({
    account: wallet.account!,
    chain: wallet.chain,
    to: action.tx.to,
    data: action.tx.data,
    value: BigInt(action.tx.value),
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash: txHash })
  console.log(`send     ${txHash} ${receipt.status} (${receipt.gasUsed} gas)`)
  if (receipt.status !== 'success') throw new Error(`the transaction ${txHash} reverted`)

  // 4. Register it under the quote's txId.
  await api('/registerTxs', {
    method: 'POST',
    body: JSON.stringify([{ txId: action.txId, txHash, chainId: net.chainId, vmId: 'evm' }]),
  })
  console.log(`register ${action.txId} → ${txHash}`)

  // 5. Follow its status until the tracker has read the receipt.
  const deadline = Date.now() + 60_000
  for (;;) {
    const { status } = await api<{ status: string }>(`/getStatus?txId=${action.txId}`)
    if (status === 'success' || status === 'failed' || Date.now() > deadline) {
      console.log(`status   ${status}`)
      if (status !== 'success') throw new Error(`status ${status}`)
      return
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250))
  }
}

main().catch((error: unknown) => {
  console.error(`walk: ${(error as Error).message}`)
  process.exitCode = 1
})
