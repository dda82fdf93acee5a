/**
 * Run as a script (`node --import tsx test/helpers/workerLogLines.ts`): a worker thread logs through
 * `service/log.ts` and writes markers straight to fd 2 between its calls, so that the order on stderr shows when the
 * worker's lines were written (`test/service/log.test.ts`).
 */
import { writeSync } from 'node:fs'
import { Worker, isMainThread } from 'node:worker_threads'
import { flushLog, log } from '../../service/log.js'

if (isMainThread) {
  // On Node 20 a worker's entry does not get the `--import tsx` hooks: a `data:` bootstrap registers tsx first (as
  // service/tracker/trackerThread.ts does).
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  const bootstrap = `const { register } = await import(${tsx}); register(); await import(${JSON.stringify(import.meta.url)})`
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`))
  worker.on('error', (error) => {
    console.error(error)
    process.exitCode = 1
  })
} else {
  log('info', 'line.one')
  log('info', 'line.two')
  writeSync(2, 'MARK after two info lines\n')
  flushLog()
  writeSync(2, 'MARK after flushLog\n')
  log('info', 'line.three')
  log('warn', 'line.warn')
  writeSync(2, 'MARK after a warning\n')
  log('info', 'line.four')
  writeSync(2, 'MARK before exit\n')
}
