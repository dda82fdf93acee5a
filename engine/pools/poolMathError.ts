/**
 * A pool contract would revert: the integer math left the range its Solidity/Vyper types allow, or an input broke
 * a `require`. Thrown inside the math helpers only; the pool functions the router calls catch it and answer
 * `undefined` ("this pool cannot fill that amount"), so it never reaches a caller of `engine/pools/index.ts`.
 *
 * @example
 * throw new PoolMathError({ operation: 'getSqrtRatioAtTick', reason: 'T' })
 */
export class PoolMathError extends Error {
  override readonly name = 'PoolMathError' as const
  /** The library function that would revert. */
  readonly operation: string
  /** The contract's revert reason where it has one (`'T'`, `'R'`, …), else a short description. */
  readonly reason: string

  constructor({ operation, reason }: { operation: string; reason: string }) {
    super(`${operation} reverts: ${reason}`)
    this.operation = operation
    this.reason = reason
  }
}
