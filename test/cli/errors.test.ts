/**
 * Every CLI failure in one form (issue 26): `crossroute: error CODE: message` on stderr, or the spec's envelope on
 * stdout with `--json`, exit 1 — commander's own parse errors included, with the code of what went wrong.
 */
import { describe, expect, it } from 'vitest'
import { runCli } from '../helpers/runCli.js'

const SOLANA = '1151111081099710'
const ONE = /^crossroute: error ([A-Z_]+): /

/** The code of a failed run, checked to be in the one form and to exit 1. */
async function failure(args: string[]): Promise<{ code: string; stderr: string }> {
  const run = await runCli(args)
  expect(run.status, run.stderr).toBe(1)
  expect(run.stdout).toBe('')
  expect(run.stderr).toMatch(ONE)
  return { code: ONE.exec(run.stderr)![1]!, stderr: run.stderr }
}

describe('CLI errors', () => {
  it('an unknown chain is UNSUPPORTED_NETWORK, not a missing token', async () => {
    const { code, stderr } = await failure(['quote', '--src', '999999:USDC', '--dst', '10:USDT', '--amount', '1'])
    expect(code).toBe('UNSUPPORTED_NETWORK')
    expect(stderr).toContain('chainId: 999999')
    expect(stderr).not.toContain('no token')
  }, 60_000)

  it('an unknown token symbol is the token error of its side', async () => {
    const src = await failure(['quote', '--src', '42161:NOPE', '--dst', '10:USDT', '--amount', '1'])
    expect(src.code).toBe('INVALID_SOURCE_TOKEN')
    expect(src.stderr).toContain('no token with symbol NOPE on chain 42161')
    expect((await failure(['quote', '--src', '42161:USDC', '--dst', '10:NOPE', '--amount', '1'])).code).toBe(
      'INVALID_DESTINATION_TOKEN',
    )
  }, 60_000)

  it('commander: a required option, an option value or an argument missing is MISSING_REQUIRED_FIELD', async () => {
    const option = await failure(['quote', '--src', '42161:USDC', '--dst', '10:USDT'])
    expect(option.code).toBe('MISSING_REQUIRED_FIELD')
    expect(option.stderr).toContain('field: --amount')
    const value = await failure(['quote', '--src', '42161:USDC', '--dst', '10:USDT', '--amount'])
    expect([value.code, value.stderr.includes('field: --amount')]).toEqual(['MISSING_REQUIRED_FIELD', true])
    const argument = await failure(['snapshot', 'validate'])
    expect([argument.code, argument.stderr.includes('field: file')]).toEqual(['MISSING_REQUIRED_FIELD', true])
  }, 60_000)

  it('commander: an unknown option or command is INVALID_PARAMETER naming it; --json prints the envelope', async () => {
    const command = await failure(['frobnicate'])
    expect(command.code).toBe('INVALID_PARAMETER')
    expect(command.stderr).toContain('parameter: frobnicate')
    const json = await runCli([
      'quote',
      '--src',
      '42161:USDC',
      '--dst',
      '10:USDT',
      '--amount',
      '1',
      '--amout',
      '--json',
    ])
    expect(json.status).toBe(1)
    expect(json.stderr).toBe('')
    expect(JSON.parse(json.stdout)).toEqual({
      success: false,
      error: expect.objectContaining({
        code: 'INVALID_PARAMETER',
        name: 'InvalidParameterError',
        details: expect.objectContaining({ parameter: '--amout' }),
      }),
    })
  }, 60_000)

  it('a Solana source without --sender is MISSING_REQUIRED_FIELD --sender; with one it quotes', async () => {
    const solana = ['quote', '--src', `${SOLANA}:SOL`, '--dst', `${SOLANA}:USDC`, '--amount', '1000000000']
    const missing = await failure(solana)
    expect(missing.code).toBe('MISSING_REQUIRED_FIELD')
    expect(missing.stderr).toContain('field: --sender')
    expect(missing.stderr).not.toContain('0x1111111111111111111111111111111111111111 ')
    const quoted = await runCli([...solana, '--sender', '5ZWj7a1f8tWkjBESHKgrLmXshuXxqeY9SYcfbshpAqPG', '--json'])
    expect(quoted.status, quoted.stderr).toBe(0)
    expect(JSON.parse(quoted.stdout)).toMatchObject({ amountIn: { amount: '1000000000', symbol: 'SOL' } })
  }, 60_000)

  it('no command: the help, then MISSING_REQUIRED_FIELD command', async () => {
    for (const args of [[], ['snapshot']]) {
      const run = await runCli(args)
      expect(run.status).toBe(1)
      expect(run.stdout + run.stderr).toMatch(/Usage: crossroute/)
      expect(run.stderr).toMatch(/^crossroute: error MISSING_REQUIRED_FIELD: [\s\S]*field: command/m)
    }
  }, 60_000)

  it('help and version still succeed', async () => {
    expect(await runCli(['--version'])).toMatchObject({ status: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+/) })
    expect(await runCli(['quote', '--help'])).toMatchObject({ status: 0, stdout: expect.stringContaining('--amount') })
  }, 60_000)
})
