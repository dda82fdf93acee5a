/**
 * Runs the `crossroute` command from the sources (`node --import tsx cli/main.ts …`) in a child process, as a user
 * runs it: real argument parsing, stdout, stderr and exit status.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** What a CLI run printed and how it exited. */
export interface CliRun {
  readonly stdout: string
  readonly stderr: string
  readonly status: number
}

/**
 * Runs the CLI with `args` from the repository root (stdin closed, stderr not a TTY: no progress bars).
 *
 * @example const { stdout, status } = await runCli(['snapshot', 'stats', '--json'])
 */
export function runCli(args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', ...args],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_NO_WARNINGS: '1' } },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : 1
        resolve({ stdout, stderr, status })
      },
    )
  })
}
