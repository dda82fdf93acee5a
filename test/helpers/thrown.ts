import { expect } from 'vitest'

/** Runs `fn`, asserts that it throws an instance of `ErrorClass`, and returns the error for further checks. */
export function thrown<T extends Error>(fn: () => unknown, ErrorClass: abstract new (...args: never[]) => T): T {
  let error: unknown
  try {
    fn()
  } catch (caught) {
    error = caught
  }
  expect(error, 'expected a throw').toBeInstanceOf(ErrorClass)
  return error as T
}
