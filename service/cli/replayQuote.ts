/**
 * `npm run quote:replay -- <txId>… [--print]`: replays stored quotes on their snapshots (README "Hot reload") and
 * compares the bytes, in the store the service uses (`DATABASE_PATH`, else `<DATA_DIR>/crossroute.sqlite`) with
 * the snapshots kept under `<DATA_DIR>/snapshots`.
 *
 * Prints one line per txId (`identical <txId> snapshot <id>`, or `DIFFERENT …` with the first differing offset);
 * `--print` also prints the replayed response. Exit 0 when every replay is identical, 1 when one differs or cannot be
 * replayed, 2 for a usage error.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../config.js'
import { replayQuote } from '../replay/replayQuote.js'
import { openStore } from '../store/open.js'

const USAGE = 'usage: npm run quote:replay -- <txId>... [--print]'

/** The first offset where two texts differ (their shorter length when one is a prefix of the other). */
function firstDifference(a: string, b: string): number {
  let index = 0
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1
  return index
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { print: { type: 'boolean' } }, allowPositionals: true })
  if (positionals.length === 0) {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  const config = loadConfig()
  const store = await openStore(config)
  let status = 0
  try {
    for (const txId of positionals) {
      try {
        const replay = await replayQuote({ store, config, txId })
        if (replay.isIdentical) {
          process.stdout.write(`identical ${replay.txId} snapshot ${replay.snapshotId}\n`)
        } else {
          const at = firstDifference(replay.storedJson, replay.replayedJson)
          process.stdout.write(
            `DIFFERENT ${replay.txId} snapshot ${replay.snapshotId} at byte ${at}: stored …${replay.storedJson.slice(at, at + 60)}… replayed …${replay.replayedJson.slice(at, at + 60)}…\n`,
          )
          status = 1
        }
        if (values.print === true) process.stdout.write(`${replay.replayedJson}\n`)
      } catch (error) {
        process.stdout.write(`FAILED ${txId}: ${error instanceof Error ? error.message : String(error)}\n`)
        status = 1
      }
    }
  } finally {
    await store.close()
  }
  return status
}

process.exitCode = await main()
