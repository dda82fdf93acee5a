/**
 * Router addresses as configuration (`ROUTER_ADDRESSES`, service/routerAddresses.ts): the parser and the override
 * alone, then through the real service — `tx.to` of a quote on a configured chain is the configured router, other
 * chains keep the snapshot's, the startup line says which chains still have the placeholder, and a bad entry stops
 * the service before it listens.
 */
import { describe, expect, it } from 'vitest'
import { readSnapshotJson } from '../../engine/loader.js'
import { loadConfig } from '../../service/config.js'
import {
  PLACEHOLDER_ROUTER_ADDRESS,
  parseRouterAddresses,
  placeholderRouterChains,
  placeholderRouterNote,
  withRouterAddresses,
} from '../../service/routerAddresses.js'
import { spawnService, startService } from '../helpers/startService.js'
import { ROUTES, SENDER, call, getAction } from './trackerApi.js'

const ROUTER = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const json = readSnapshotJson()

describe('ROUTER_ADDRESSES', () => {
  it('parses chainId=address pairs and refuses malformed entries or a chain named twice', () => {
    expect([...parseRouterAddresses(` 42161=${ROUTER} , 10=0xabc,`)]).toEqual([
      [42161, ROUTER],
      [10, '0xabc'],
    ])
    expect(parseRouterAddresses('').size).toBe(0)
    expect(loadConfig({ ROUTER_ADDRESSES: `42161=${ROUTER}` }).routerAddresses.get(42161)).toBe(ROUTER)
    for (const bad of [ROUTER, `=${ROUTER}`, `0=${ROUTER}`, `-1=${ROUTER}`, `1.5=${ROUTER}`, '42161=', '42161=a b'])
      expect(() => parseRouterAddresses(bad), bad).toThrow(/ROUTER_ADDRESSES entries must be chainId=address/)
    expect(() => parseRouterAddresses(`1=${ROUTER},1=${ROUTER}`)).toThrow(/names chain 1 twice/)
  })

  it("replaces the named chains' router only; strict refuses a chain the snapshot lacks", () => {
    const configured = withRouterAddresses(json, new Map([[42161, ROUTER]]))
    expect(configured.chains.find((chain) => chain.chainId === 42161)?.routerAddress).toBe(ROUTER)
    expect(configured.chains.find((chain) => chain.chainId === 10)?.routerAddress).toBe(PLACEHOLDER_ROUTER_ADDRESS)
    expect(json.chains.find((chain) => chain.chainId === 42161)?.routerAddress).toBe(PLACEHOLDER_ROUTER_ADDRESS)
    expect(withRouterAddresses(json, new Map([[5, ROUTER]]))).toEqual(json)
    expect(() => withRouterAddresses(json, new Map([[5, ROUTER]]), true)).toThrow(/names chain 5, which the snapshot/)
  })

  it('names the chains whose router is still the placeholder', () => {
    const all = placeholderRouterChains(json, new Map())
    expect(all).toEqual(expect.arrayContaining([1, 10, 42161, 1337]))
    expect(placeholderRouterChains(json, new Map([[42161, ROUTER]]))).toEqual(all.filter((id) => id !== 42161))
    const none = new Map(all.map((chainId) => [chainId, ROUTER]))
    expect(placeholderRouterNote(json, none)).toBe('')
  })
})

describe('ROUTER_ADDRESSES through the real service', () => {
  it("makes tx.to the configured router on its chain, keeps the snapshot's elsewhere, and says so at startup", async () => {
    const service = await startService({ ROUTER_ADDRESSES: `42161=${ROUTER}` })
    try {
      // ETH → WETH on Arbitrum is a wrap, which the router runs: its tx goes to the configured router.
      const wrap = { ...ROUTES.sameChain, srcToken: '0x0000000000000000000000000000000000000000', amount: '10000000' }
      expect((await getAction(service, wrap)).tx.to).toBe(ROUTER)
      // A real router is held to what it can run: the fixture's Arbitrum pools have no contract address.
      const { status, body } = await call<{ error: { code: string } }>(
        service,
        `/getAction?${new URLSearchParams({ actionType: 'swap-action', sender: SENDER, slippage: '50', swapDirection: 'exact-amount-in', ...ROUTES.sameChain })}`,
      )
      expect([status, body.error.code]).toEqual([400, 'ROUTE_NOT_EXECUTABLE'])
      // Other chains keep the snapshot's router, the placeholder, where nothing is refused.
      expect((await getAction(service, ROUTES.fromOptimism)).tx.to).toBe(PLACEHOLDER_ROUTER_ADDRESS)
      const note = /note: tx\.to on chains ([0-9, ]+) is the placeholder router (0x\w+), with no contract/.exec(
        service.stdout(),
      )
      expect(note?.[2]).toBe(PLACEHOLDER_ROUTER_ADDRESS)
      expect(note?.[1]?.split(', ').map(Number)).toEqual(placeholderRouterChains(json, new Map([[42161, ROUTER]])))
    } finally {
      await service.stop()
    }
  }, 120_000)

  it('refuses to start on a chain the snapshot lacks, or an address its VM refuses', async () => {
    const unknownChain = spawnService({ ROUTER_ADDRESSES: `5=${ROUTER}` })
    const badAddress = spawnService({ ROUTER_ADDRESSES: '42161=0x5FbDB2315678afecb367f032d93F642f64180aa' })
    expect((await unknownChain.exited).code).toBe(1)
    expect(unknownChain.stderr()).toMatch(/cannot start: .*ROUTER_ADDRESSES names chain 5, which the snapshot lacks/)
    expect((await badAddress.exited).code).toBe(1)
    expect(badAddress.stderr()).toMatch(
      /cannot start: .*routerAddress 0x5FbDB2315678afecb367f032d93F642f64180aa: not a/,
    )
    expect(unknownChain.stdout() + badAddress.stdout()).not.toContain('listening')
  }, 120_000)
})
