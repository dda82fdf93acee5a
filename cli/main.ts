#!/usr/bin/env node
/**
 * The `crossroute` command (package.json `bin`): quotes, sweeps, what-ifs and batches over a snapshot, snapshot
 * files, and the service. Tables for people on stdout, `--json` for scripts, progress on stderr, the spec's error
 * codes and a non-zero exit on failure (README "CLI").
 */
import { readFileSync } from 'node:fs'
import { Command } from 'commander'
import { packagePath } from '../engine/packagePath.js'
import { registerBatch } from './commands/batch.js'
import { registerQuote } from './commands/quote.js'
import { registerServe } from './commands/serve.js'
import { registerSimulate } from './commands/simulate.js'
import { registerSnapshot } from './commands/snapshot.js'
import { registerSweep } from './commands/sweep.js'
import { reportError, runProgram } from './errors.js'

const { version } = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as {
  version: string
}

/**
 * The program with every command; `argv` as `process.argv`.
 *
 * @example await createProgram().parseAsync(['node', 'crossroute', 'snapshot', 'stats'])
 */
export function createProgram(): Command {
  const program = new Command('crossroute')
    .description('crossroute: exact cross-chain swap routing over liquidity snapshots')
    .version(version)
    // Commander's parse errors are thrown, not printed: `runProgram` prints them as every other error. Set before
    // the commands are added, which inherit both settings.
    .exitOverride()
    .configureOutput({ outputError: () => {} })
  const json = () => process.argv.includes('--json')
  const run = async (action: () => unknown): Promise<void> => {
    try {
      await action()
    } catch (error) {
      reportError(error, { json: json() })
    }
  }
  registerQuote(program, run)
  registerSweep(program, run)
  registerSimulate(program, run)
  registerBatch(program, run)
  registerSnapshot(program, run)
  registerServe(program, run)
  return program
}

await runProgram(createProgram(), process.argv)
