import { isBridgeId } from '../bridges/registry.js'
import { InvalidSnapshotError } from '../errors/index.js'
import { validatePoolState } from '../pools/index.js'
import { isPoolKind, parsePool } from '../pools/registry.js'
import { addressProblem, isNativeSentinel, normalizeAddress } from '../vm/addresses.js'
import { isVm } from '../vm/registry.js'
import {
  type BridgeLane,
  type BridgeLaneJson,
  type Chain,
  type ChainJson,
  type Pool,
  type PoolJson,
  type Snapshot,
  type SnapshotJson,
  type Token,
  type TokenJson,
  type Vm,
} from './types.js'

const UINT = /^[0-9]+$/
const INT = /^-?[0-9]+$/
const DECIMAL = /^[0-9]+(\.[0-9]+)?$/
/** Largest decimals we accept: 2^256 fits 77 digits; no real token goes past 24. */
const MAX_DECIMALS = 36

/** Lookup key of a token: `chainId:address`, the address in its VM's canonical form. */
export function tokenKey(chainId: number, vm: Vm, address: string): string {
  return `${chainId}:${normalizeAddress(vm, address)}`
}

/**
 * Validates a snapshot in its JSON form and converts it to the loaded form (bigint amounts, token keys,
 * indexes). Throws `InvalidSnapshotError` naming the first offending entry.
 */
export function validateSnapshot(json: SnapshotJson): Snapshot {
  const fail = (entry: string, reason: string): never => {
    throw new InvalidSnapshotError({ entry, reason })
  }
  if (json === null || typeof json !== 'object') fail('snapshot', 'not an object')
  if (json.version !== 1) fail('version', `unsupported version ${String(json.version)}`)
  for (const field of ['chains', 'tokens', 'pools', 'lanes'] as const) {
    if (!Array.isArray(json[field])) fail(field, 'must be an array')
  }

  const chains = new Map<number, Chain>()
  json.chains.forEach((c, index) => {
    const chain = readChain(c, `chains[${index}]`, fail)
    if (chains.has(chain.chainId)) fail(`chains[${index}] (chainId ${chain.chainId})`, 'duplicate chainId')
    chains.set(chain.chainId, chain)
  })

  const tokens = new Map<string, Token>()
  json.tokens.forEach((t, index) => {
    const entry = `tokens[${index}] (${t?.symbol} on ${t?.chainId})`
    const token = readToken(t, entry, chains, fail)
    if (tokens.has(token.key)) fail(entry, `duplicate token ${token.address}`)
    tokens.set(token.key, token)
  })
  for (const chain of chains.values()) {
    const entry = `chains (chainId ${chain.chainId})`
    const native = tokens.get(tokenKey(chain.chainId, chain.vm, chain.nativeToken))
    if (native === undefined) fail(entry, `native token ${chain.nativeToken} is not in tokens`)
    if (chain.wrappedNativeToken !== undefined) {
      const wrapped = tokens.get(tokenKey(chain.chainId, chain.vm, chain.wrappedNativeToken))
      if (wrapped === undefined) fail(entry, `wrapped native token ${chain.wrappedNativeToken} is not in tokens`)
      // The native ↔ wrapped hop is 1:1 in smallest units, so both must count the same units.
      if (wrapped!.decimals !== native!.decimals) fail(entry, 'inconsistent decimals between native and wrapped native')
    }
  }

  const poolIds = new Set<string>()
  const pools = json.pools.map((p, index) => {
    const entry = `pools[${index}] (id ${p?.id})`
    if (typeof p?.id !== 'string' || p.id === '') fail(`pools[${index}]`, 'id must be a non-empty string')
    if (poolIds.has(p.id)) fail(entry, 'duplicate pool id')
    poolIds.add(p.id)
    return readPool(p, entry, chains, tokens, fail)
  })

  const laneIds = new Set<string>()
  const lanes = json.lanes.map((l, index) => {
    const entry = `lanes[${index}] (id ${l?.id})`
    if (typeof l?.id !== 'string' || l.id === '') fail(`lanes[${index}]`, 'id must be a non-empty string')
    if (laneIds.has(l.id)) fail(entry, 'duplicate lane id')
    laneIds.add(l.id)
    return readLane(l, entry, chains, tokens, fail)
  })

  return { name: String(json.name ?? 'unnamed'), chains, tokens, pools, lanes }
}

type Fail = (entry: string, reason: string) => never

function readChain(c: ChainJson, entry: string, fail: Fail): Chain {
  if (!Number.isSafeInteger(c?.chainId) || c.chainId <= 0) fail(entry, 'chainId must be a positive integer')
  if (!isVm(c.vm)) fail(entry, `unknown vm ${String(c.vm)}`)
  if (typeof c.name !== 'string' || c.name === '') fail(entry, 'name must be a non-empty string')
  if (!isNativeSentinel(c.vm, c.nativeToken))
    fail(entry, `nativeToken ${c.nativeToken} is not the ${c.vm} native sentinel`)
  const routerProblem = addressProblem(c.vm, c.routerAddress)
  if (routerProblem !== undefined) fail(entry, `routerAddress ${c.routerAddress}: ${routerProblem}`)
  if (c.wrappedNativeToken !== undefined) {
    const problem = addressProblem(c.vm, c.wrappedNativeToken)
    if (problem !== undefined) fail(entry, `wrappedNativeToken ${c.wrappedNativeToken}: ${problem}`)
  }
  if (!(c.blockTimeMs > 0)) fail(entry, 'blockTimeMs must be positive')
  if (!UINT.test(c.swapGasUnits ?? '')) fail(entry, 'swapGasUnits must be a decimal string')
  if (!UINT.test(c.gasPrice ?? '')) fail(entry, 'gasPrice must be a decimal string')
  return {
    chainId: c.chainId,
    name: c.name,
    vm: c.vm,
    nativeToken: c.nativeToken,
    wrappedNativeToken: c.wrappedNativeToken,
    routerAddress: c.routerAddress,
    blockTimeMs: c.blockTimeMs,
    swapGasUnits: BigInt(c.swapGasUnits),
    gasPrice: BigInt(c.gasPrice),
  }
}

function readToken(t: TokenJson, entry: string, chains: Map<number, Chain>, fail: Fail): Token {
  const chain = chains.get(t?.chainId)
  if (chain === undefined) return fail(entry, `unknown chainId ${t?.chainId}`)
  const problem = addressProblem(chain.vm, t.address)
  if (problem !== undefined) fail(entry, `address ${t.address}: ${problem}`)
  if (!Number.isInteger(t.decimals) || t.decimals < 0 || t.decimals > MAX_DECIMALS) {
    fail(entry, `decimals must be an integer from 0 to ${MAX_DECIMALS}`)
  }
  if (t.isNative !== isNativeSentinel(chain.vm, t.address)) {
    fail(entry, `isNative is ${t.isNative} but the address ${t.isNative ? 'is not' : 'is'} the native sentinel`)
  }
  for (const field of ['name', 'symbol', 'logo', 'svcCode'] as const) {
    if (typeof t[field] !== 'string') fail(entry, `${field} must be a string`)
  }
  if (!DECIMAL.test(t.usdPrice ?? '')) fail(entry, 'usdPrice must be a non-negative decimal string')
  return {
    chainId: t.chainId,
    address: t.address,
    key: tokenKey(t.chainId, chain.vm, t.address),
    name: t.name,
    symbol: t.symbol,
    decimals: t.decimals,
    isNative: t.isNative,
    logo: t.logo,
    svcCode: t.svcCode,
    usdPrice: t.usdPrice,
  }
}

function readPool(
  p: PoolJson,
  entry: string,
  chains: Map<number, Chain>,
  tokens: Map<string, Token>,
  fail: Fail,
): Pool {
  const chain = chains.get(p.chainId)
  if (chain === undefined) return fail(entry, `unknown chainId ${p.chainId}`)
  if (!Array.isArray(p.tokens)) return fail(entry, 'tokens must be an array')
  const keys = p.tokens.map((address) => tokenKey(p.chainId, chain.vm, String(address)))
  keys.forEach((key, i) => {
    if (!tokens.has(key)) fail(entry, `unknown token ${p.tokens[i]} on chain ${p.chainId}`)
  })
  if (new Set(keys).size !== keys.length) fail(entry, 'a token appears twice')
  const base = { id: p.id, chainId: p.chainId, protocol: String(p.protocol), address: p.address, tokens: keys }
  const state = p.state as unknown as Record<string, unknown>
  if (state === null || typeof state !== 'object') fail(entry, 'state must be an object')
  const big = (field: string, value: unknown, signed = false): bigint => {
    if (typeof value !== 'string' || !(signed ? INT : UINT).test(value)) {
      fail(entry, `${field} must be a ${signed ? 'signed ' : ''}decimal string`)
    }
    return BigInt(value as string)
  }

  if (!isPoolKind(p.kind)) return fail(entry, `unknown pool kind ${String((p as { kind: unknown }).kind)}`)
  const pool = parsePool(p, {
    base,
    tokenDecimals: keys.map((key) => tokens.get(key)!.decimals),
    big,
    fail: (reason) => fail(entry, reason),
  })
  const problem = validatePoolState(pool)
  if (problem !== undefined) fail(entry, problem)
  return pool
}

function readLane(
  l: BridgeLaneJson,
  entry: string,
  chains: Map<number, Chain>,
  tokens: Map<string, Token>,
  fail: Fail,
): BridgeLane {
  if (!isBridgeId(l.bridgeId)) fail(entry, `unknown bridge id ${String(l.bridgeId)}`)
  const srcChain = chains.get(l.srcChainId)
  const dstChain = chains.get(l.dstChainId)
  if (srcChain === undefined) return fail(entry, `unknown srcChainId ${l.srcChainId}`)
  if (dstChain === undefined) return fail(entry, `unknown dstChainId ${l.dstChainId}`)
  if (l.srcChainId === l.dstChainId) fail(entry, 'a lane must connect two different chains')
  const src = tokens.get(tokenKey(l.srcChainId, srcChain.vm, String(l.srcToken)))
  const dst = tokens.get(tokenKey(l.dstChainId, dstChain.vm, String(l.dstToken)))
  if (src === undefined) return fail(entry, `unknown srcToken ${l.srcToken} on chain ${l.srcChainId}`)
  if (dst === undefined) return fail(entry, `unknown dstToken ${l.dstToken} on chain ${l.dstChainId}`)
  if (!Number.isInteger(l.feeBps) || l.feeBps < 0 || l.feeBps >= 10_000) fail(entry, 'feeBps must be 0 to 9999')
  for (const field of ['flatFee', 'minAmount', 'maxAmount', 'liquidity'] as const) {
    if (!UINT.test(l[field] ?? '')) fail(entry, `${field} must be a non-negative decimal string`)
  }
  const minAmount = BigInt(l.minAmount)
  const maxAmount = BigInt(l.maxAmount)
  const liquidity = BigInt(l.liquidity)
  if (minAmount > maxAmount) fail(entry, 'minAmount is above maxAmount')
  if (liquidity === 0n) fail(entry, 'liquidity must be positive')
  if (!(l.estimatedSeconds > 0)) fail(entry, 'estimatedSeconds must be positive')
  let depths: BridgeLane['depths']
  if (l.depths !== undefined) {
    if (!UINT.test(l.depths.srcDepth ?? '') || !UINT.test(l.depths.dstDepth ?? '')) {
      fail(entry, 'depths must be decimal strings')
    }
    depths = { srcDepth: BigInt(l.depths.srcDepth), dstDepth: BigInt(l.depths.dstDepth) }
    if (depths.srcDepth === 0n || depths.dstDepth === 0n) fail(entry, 'depths must be positive')
    // y = x·X·Y/(x+X)² peaks at x = X: beyond it more input gives less output, which no router should offer.
    if (maxAmount > depths.srcDepth) fail(entry, 'maxAmount must not exceed srcDepth (the output falls beyond it)')
  } else if (src.symbol !== dst.symbol && src.svcCode !== dst.svcCode) {
    // Without depths a lane converts 1:1 by decimals, which only makes sense for the same asset.
    fail(entry, `a lane without depths must carry one asset, got ${src.symbol} → ${dst.symbol}`)
  }
  return {
    id: l.id,
    bridgeId: l.bridgeId,
    srcChainId: l.srcChainId,
    srcToken: src.key,
    dstChainId: l.dstChainId,
    dstToken: dst.key,
    srcDecimals: src.decimals,
    dstDecimals: dst.decimals,
    feeBps: l.feeBps,
    flatFee: BigInt(l.flatFee),
    minAmount,
    maxAmount,
    liquidity,
    estimatedSeconds: l.estimatedSeconds,
    depths,
  }
}
