/**
 * The committed router artifact is what its source compiles to (solc-js pinned in package.json, the settings of
 * compileRouter.ts), and the ABI the engine encodes against (routerAbi.ts) is the contract's own.
 */
import { readFileSync } from 'node:fs'
import { type AbiEvent, type AbiFunction, toEventSelector, toFunctionSelector } from 'viem'
import { formatAbiItem } from 'viem/utils'
import { describe, expect, it } from 'vitest'
import { ROUTER_ABI } from '../../../../../engine/vm/evm/routerAbi.js'
import {
  ROUTER_ARTIFACT_PATH,
  ROUTER_COMPILER_SETTINGS,
  compileRouter,
} from '../../../../../engine/vm/evm/router/compileRouter.js'
import packageJson from '../../../../../package.json' with { type: 'json' }

const committed = JSON.parse(readFileSync(ROUTER_ARTIFACT_PATH, 'utf8')) as ReturnType<typeof compileRouter>

describe('CrossrouteRouter.json', () => {
  it('is what CrossrouteRouter.sol compiles to, with the pinned compiler and the one set of settings', () => {
    const fresh = compileRouter()
    expect(fresh.bytecode).toBe(committed.bytecode)
    expect(fresh.deployedBytecode).toBe(committed.deployedBytecode)
    expect(fresh.abi).toEqual(committed.abi)
    expect(committed.compiler).toEqual({ version: fresh.compiler.version, settings: ROUTER_COMPILER_SETTINGS })
    expect(fresh.compiler.version.startsWith(`${packageJson.devDependencies.solc}+`)).toBe(true)
    // An exact version: a range would let a clean install compile other bytes.
    expect(packageJson.devDependencies.solc).toMatch(/^\d+\.\d+\.\d+$/)
  }, 120_000)

  it("declares the functions, events and errors of the engine's ABI, selector for selector", () => {
    const selectors = (abi: readonly unknown[]) =>
      (abi as (AbiFunction | AbiEvent | { type: 'error'; name: string; inputs: AbiFunction['inputs'] })[])
        .filter(
          (item) =>
            (item.type === 'function' && item.name.startsWith('swap')) ||
            (item.type === 'event' && item.name !== 'OwnerChanged') ||
            item.type === 'error',
        )
        .map((item) =>
          item.type === 'event'
            ? toEventSelector(item)
            : `${item.type}:${toFunctionSelector(formatAbiItem(item as unknown as AbiFunction))}`,
        )
        .sort()
    expect(selectors(committed.abi)).toEqual(selectors(ROUTER_ABI))
    expect(selectors(ROUTER_ABI)).toHaveLength(4 + 16)
  })
})
