/**
 * The replica tracking run of `replicas.test.ts`: many transactions quoted and registered through the API of
 * every replica in turn, one replica killed with SIGKILL while they are tracked, and the end state read back
 * through the survivors' `getTransactions`: each transaction's status and whether its `txPath` has every leg
 * exactly once.
 */
import type { Replicas } from '../helpers/startReplicas.js'
import type { RunningService } from '../helpers/startService.js'
import { ROUTES, type TxDetails, call, fakeTxHash, registerTxs } from './trackerApi.js'

/** A sender of its own, so that history by wallet (`walletAddress`) lists only this run's transactions. */
const RUN_SENDER = '0x2222222222222222222222222222222222222222'
/** Same-chain swaps, one-hop and two-hop bridges: one to three legs each. */
const RUN_ROUTES = [ROUTES.sameChain, ROUTES.toOptimism, ROUTES.multiHop, ROUTES.fromOptimism]
const QUOTES_PER_CALL = 25 // MAX_BATCH_ACTIONS
const REGISTRATIONS_PER_CALL = 100 // MAX_REGISTRATIONS
const FINAL = new Set(['success', 'failed', 'requires refund', 'refunded'])

/** What the run saw. */
export interface TrackingRunReport {
  /** Transactions by final status. */
  readonly finalStatuses: Record<string, number>
  /** txIds whose `txPath` is not one entry per leg of their route, in order, each hash once. */
  readonly wrongPaths: readonly string[]
  /** `tracker.status` lines the killed replica logged before it died. */
  readonly victimStatusLines: number
  /** Transactions not final when the replica was killed. */
  readonly unfinishedAtKill: number
  readonly quotedMs: number
  readonly registeredMs: number
  /** After the registrations. */
  readonly killedAtMs: number
  /** From the end of the registrations to every transaction final. */
  readonly finishedMs: number
}

interface Quoted {
  txId: string
  srcChainId: number
  bridgeRoute: { dstChainId: number; bridgeId: string }[]
}

/**
 * Quotes and registers `transactions` (round robin over the replicas, in batches), kills replica `victim` once its
 * tracker has recorded statuses while others are still pending, and waits until every transaction is final on
 * the survivors.
 *
 * @example const report = await trackAll(cluster, { transactions: 1_000, victim: 2, leaseSeconds: 2 })
 */
export async function trackAll(
  cluster: Replicas,
  options: { transactions: number; victim: number; leaseSeconds: number },
): Promise<TrackingRunReport> {
  const { replicas } = cluster
  const started = Date.now()
  const quoted = await quoteAll(replicas, options.transactions)
  const quotedMs = Date.now() - started
  for (let start = 0; start < quoted.length; start += REGISTRATIONS_PER_CALL) {
    const batch = quoted.slice(start, start + REGISTRATIONS_PER_CALL)
    const replica = replicas[(start / REGISTRATIONS_PER_CALL) % replicas.length]!
    await registerTxs(
      replica,
      batch.map(({ txId, srcChainId }) => ({ txId, txHash: fakeTxHash(), chainId: srcChainId })),
    )
  }
  const registeredAt = Date.now()
  const victim = replicas[options.victim]!
  const victimStatusLines = () => victim.stderr().split('"event":"tracker.status"').length - 1
  while (victimStatusLines() < 5) {
    if (Date.now() - registeredAt > 60_000) throw new Error(`the victim's tracker recorded nothing in 60 s`)
    await sleep(20)
  }
  await cluster.kill(options.victim)
  const killedAtMs = Date.now() - registeredAt
  const survivor = cluster.alive()[0]!
  const unfinishedAtKill = (await history(survivor)).filter((tx) => !FINAL.has(tx.status)).length
  let txs: TxDetails[]
  for (let poll = 0; ; poll += 1) {
    // Read from each survivor in turn: they answer from the same store.
    txs = await history(cluster.alive()[poll % cluster.alive().length]!)
    if (txs.length === quoted.length && txs.every((tx) => FINAL.has(tx.status))) break
    if (Date.now() - registeredAt > 120_000 + options.leaseSeconds * 1000) {
      const unfinished = txs.filter((tx) => !FINAL.has(tx.status)).length
      throw new Error(`${txs.length} of ${quoted.length} transactions listed, ${unfinished} not final after 120 s`)
    }
    await sleep(250)
  }
  const finishedMs = Date.now() - registeredAt
  const byTxId = new Map(quoted.map((quote) => [quote.txId, quote]))
  const finalStatuses: Record<string, number> = {}
  for (const tx of txs) finalStatuses[tx.status] = (finalStatuses[tx.status] ?? 0) + 1
  return {
    finalStatuses,
    wrongPaths: txs.filter((tx) => !isPathOnce(tx, byTxId.get(tx.txId))).map((tx) => tx.txId),
    victimStatusLines: victimStatusLines(),
    unfinishedAtKill,
    quotedMs,
    registeredMs: registeredAt - started - quotedMs,
    killedAtMs,
    finishedMs,
  }
}

/** `count` quotes through `POST /getActions`, spread over the replicas, a few calls at once. */
async function quoteAll(replicas: readonly RunningService[], count: number): Promise<Quoted[]> {
  const batches = Array.from({ length: Math.ceil(count / QUOTES_PER_CALL) }, (_, batch) => batch)
  const quoted: Quoted[] = []
  const worker = async () => {
    for (let batch = batches.shift(); batch !== undefined; batch = batches.shift()) {
      const size = Math.min(QUOTES_PER_CALL, count - batch * QUOTES_PER_CALL)
      quoted.push(...(await quoteBatch(replicas[batch % replicas.length]!, batch, size)))
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return quoted
}

async function quoteBatch(replica: RunningService, batchIndex: number, size: number): Promise<Quoted[]> {
  const requests = Array.from({ length: size }, (_, index) => ({
    actionType: 'swap-action',
    sender: RUN_SENDER,
    swapDirection: 'exact-amount-in',
    slippage: '50',
    ...RUN_ROUTES[(batchIndex * QUOTES_PER_CALL + index) % RUN_ROUTES.length]!,
  }))
  const { status, body: answer } = await call<{ results: { status: number; body: Quoted }[] }>(replica, '/getActions', {
    method: 'POST',
    body: { requests },
  })
  if (status !== 200) throw new Error(`getActions: ${status} ${JSON.stringify(answer)}`)
  return answer.results.map(({ status, body }, index) => {
    if (status !== 200) throw new Error(`getActions item ${index}: ${status} ${JSON.stringify(body)}`)
    return { txId: body.txId, srcChainId: Number(requests[index]!.srcChainId), bridgeRoute: body.bridgeRoute }
  })
}

/** Every transaction of the run, through `getTransactions` (500 a page). */
async function history(replica: RunningService): Promise<TxDetails[]> {
  const txs: TxDetails[] = []
  for (let page = 1; ; page += 1) {
    const { status, body } = await call<{ txs: TxDetails[]; pagination: { totalPages: number } }>(
      replica,
      `/getTransactions?walletAddress=${RUN_SENDER}&limit=500&page=${page}`,
    )
    if (status !== 200) throw new Error(`getTransactions: ${status} ${JSON.stringify(body)}`)
    txs.push(...body.txs)
    if (page >= body.pagination.totalPages) return txs
  }
}

/** One `txPath` entry per leg of the quote's route, in order (source, then each hop's chain), each hash once. */
function isPathOnce(tx: TxDetails, quote: Quoted | undefined): boolean {
  if (quote === undefined) return false
  const path = tx.bridgeDetails.txPath
  const chains = [quote.srcChainId, ...quote.bridgeRoute.map((hop) => hop.dstChainId)]
  const bridges = [...quote.bridgeRoute.map((hop) => hop.bridgeId), '']
  return (
    path.length === chains.length &&
    path.every((entry, index) => entry.chainId === chains[index] && entry.nextBridge === bridges[index]) &&
    new Set(path.map((entry) => entry.txHash)).size === path.length
  )
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
