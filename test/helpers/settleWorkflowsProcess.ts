/**
 * A process that settles venue workflows on the store of its environment (`DATA_DIR` / `DATABASE_PATH`, as the
 * service): what the tracker's settlement hook does in each replica. Run by `replicaSettlement.test.ts`, several at
 * once on one store.
 *
 * Usage: `tsx test/helpers/settleWorkflowsProcess.ts <txId>…`: opens the store, prints `ready`, waits for a line on
 * stdin (so that processes started together really race: each one's start-up takes seconds), settles each txId in
 * order, and prints `{"settled": n}`: the times its `settle` callback ran (a settlement it did not win calls nothing).
 */
import { once } from 'node:events'
import { loadConfig } from '../../service/config.js'
import { openStore } from '../../service/store/open.js'

const store = await openStore(loadConfig())
process.stdout.write('ready\n')
await once(process.stdin.setEncoding('utf8'), 'data')
process.stdin.pause()
let settled = 0
for (const txId of process.argv.slice(2)) {
  await store.settleVenueWorkflow(txId, async (workflow) => {
    settled += 1
    return { status: 'success' as const, data: workflow.data, fills: [], timestamp: workflow.timestamp + 1 }
  })
}
await store.close()
process.stdout.write(`${JSON.stringify({ settled })}\n`)
