/**
 * What the CLI prints: aligned tables for people on stdout, JSON for scripts, amounts in whole tokens, and progress
 * bars on stderr (only on a terminal, never with `--json`).
 */
import { SingleBar } from 'cli-progress'

/**
 * An aligned text table; columns of numbers are right-aligned.
 *
 * @example table(['amount', 'out'], [['1', '2']]) // 'amount  out\n------  ---\n     1    2\n'
 */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)))
  const numeric = /^[-+]?[\d,.]+%?$/
  const isRight = header.map(
    (_, column) => rows.length > 0 && rows.every((row) => numeric.test(row[column] ?? '') || row[column] === '-'),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (isRight[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd()
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n') + '\n'
}

/**
 * A smallest-units amount in whole tokens, exact (no float): `1234500` with 6 decimals is `1.2345`.
 *
 * @example formatUnits(1234500n, 6) // '1.2345'
 */
export function formatUnits(amount: bigint | string, decimals: number): string {
  const value = BigInt(amount)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`
}

/** Writes `value` as one line of JSON; bigints as decimal strings. */
export function printJson(value: unknown): void {
  process.stdout.write(
    `${JSON.stringify(value, (_, item: unknown) => (typeof item === 'bigint' ? item.toString() : item))}\n`,
  )
}

/** A progress bar, or nothing to show. */
export interface Progress {
  update(done: number): void
  stop(): void
}

/**
 * A progress bar on stderr for `total` units of work: a real bar on a terminal, silent when stderr is not a TTY or
 * the output is JSON (scripts read stdout; a bar in a log file is noise).
 *
 * @example const progress = startProgress(requests.length, { json }); progress.update(done); progress.stop()
 */
export function startProgress(total: number, { json, label }: { json: boolean; label: string }): Progress {
  if (json || !process.stderr.isTTY) return { update: () => {}, stop: () => {} }
  const bar = new SingleBar({
    stream: process.stderr,
    format: `${label} [{bar}] {percentage}% {value}/{total} ({eta_formatted} left)`,
    hideCursor: true,
    clearOnComplete: true,
  })
  bar.start(total, 0)
  return { update: (done) => bar.update(done), stop: () => bar.stop() }
}
