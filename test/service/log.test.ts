/**
 * A worker's log lines (`service/log.ts`): info lines are gathered and written together — when the worker flushes
 * (it does whenever its last request ends), at a warning or an error, and at the thread's exit — never lost, and
 * the main thread's are written one by one. Observed as the order of lines on a real process's stderr.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

describe('worker log lines', () => {
  it('are held until flushLog, a warning or the exit, and then written in order', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/helpers/workerLogLines.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'info', LOG_PRETTY: '' },
      timeout: 60_000,
    })
    expect(run.status).toBe(0)
    const order = run.stderr
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (line.startsWith('MARK') ? line : (JSON.parse(line) as { event: string }).event))
    expect(order).toEqual([
      'MARK after two info lines',
      'line.one',
      'line.two',
      'MARK after flushLog',
      'line.three',
      'line.warn',
      'MARK after a warning',
      'MARK before exit',
      'line.four',
    ])
  })
})
