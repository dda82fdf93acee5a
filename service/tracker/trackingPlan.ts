/**
 * The legs a registered transaction goes through, read from its stored action response (SPEC §2.4): the source
 * transaction, then one delivery per bridge hop (`bridgeRoute`), and — only if a hop fails — a refund on the
 * source chain. Each leg becomes one `txPath` entry (SPEC §2.5) when it is observed.
 */
import type { Snapshot, Vm } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'

/** What the tracker needs to know of a chain. */
export interface ChainFacts {
  readonly vm: Vm
  readonly blockTimeMs: number
  /** The crossroute router: the `Delivered(txId)` event is looked for at this address. */
  readonly routerAddress: string
}

/** Chains and bridge-lane times of the snapshot the quotes were made on. */
export interface TrackingFacts {
  readonly chains: ReadonlyMap<number, ChainFacts>
  /** `estimatedSeconds` of each lane, by lane id (the `id` of a quote's bridge step). */
  readonly laneSeconds: ReadonlyMap<string, number>
}

/**
 * Reads the chains and lane times from a snapshot, through the engine's validating loader: the tracker plans legs
 * from the same checked facts the workers quote from, and a bad snapshot stops it with the loader's message.
 *
 * @param snapshot - a snapshot file's path, or an already loaded snapshot.
 * @returns the facts the tracker needs.
 * @throws InvalidSnapshotError when the file cannot be read or is not a valid snapshot.
 * @example const facts = loadTrackingFacts(config.snapshotPath)
 */
export function loadTrackingFacts(snapshot: string | Snapshot): TrackingFacts {
  const loaded = typeof snapshot === 'string' ? loadSnapshotFile(snapshot) : snapshot
  return {
    chains: new Map(
      [...loaded.chains.values()].map((chain) => [
        chain.chainId,
        { vm: chain.vm, blockTimeMs: chain.blockTimeMs, routerAddress: chain.routerAddress },
      ]),
    ),
    laneSeconds: new Map([...loaded.lanes.values()].map((lane) => [lane.id, lane.estimatedSeconds])),
  }
}

/**
 * Facts the tracker reads live while the service hot-reloads snapshots: `absorb` adds a newer snapshot's chains and
 * lanes, replacing the ones it also has (block time, router, lane time) and keeping the others, because transactions
 * quoted on an older snapshot are still being tracked.
 *
 * @example
 * const live = liveTrackingFacts(loadTrackingFacts(config.snapshotPath))
 * live.absorb(loadTrackingFacts(reloadedPath)) // live.facts now knows the reloaded snapshot's chains too
 */
export function liveTrackingFacts(initial: TrackingFacts): {
  readonly facts: TrackingFacts
  absorb(next: TrackingFacts): void
} {
  const chains = new Map(initial.chains)
  const laneSeconds = new Map(initial.laneSeconds)
  return {
    facts: { chains, laneSeconds },
    absorb(next) {
      for (const [chainId, chain] of next.chains) chains.set(chainId, chain)
      for (const [laneId, seconds] of next.laneSeconds) laneSeconds.set(laneId, seconds)
    },
  }
}

/** One leg of a transaction's journey: what its `txPath` entry will say, and when it is expected. */
export interface Leg {
  /** Position in `txPath`: 0 is the source transaction. */
  readonly index: number
  /**
   * `source`: the registered transaction; `delivery`: a bridge hop arriving; `refund`: funds returned after a failed
   * hop.
   */
  readonly kind: 'source' | 'delivery' | 'refund'
  readonly chainId: number
  readonly vm: Vm
  readonly blockTimeMs: number
  /** The `nextBridge` of its `txPath` entry: the bridge of the following hop, `''` at the end. */
  readonly nextBridge: string
  /** The bridge that carries funds into this leg (`''` for the source). */
  readonly viaBridge: string
  /** Whether this leg ends the journey: its confirmation is `success` (or `refunded` for the refund leg). */
  readonly isLast: boolean
  /**
   * Expected seconds from the previous leg (the source: from registration) to this one, before any time scale:
   * the source chain's block time for the source; the lane's estimated time, plus the destination's block time on
   * the last hop, for a delivery (the same sum as the quote's `estimatedTxTime`); for the refund, the failed lane's
   * time back plus the source chain's block time.
   */
  readonly expectedSeconds: number
}

/** Every leg of one transaction. */
export interface TrackingPlan {
  /** The source leg and one delivery per hop, in order. */
  readonly legs: readonly Leg[]
  /** The leg appended after a failed hop (`requires refund` → `refunded`); none for a same-chain swap. */
  readonly refund: Leg | undefined
  readonly isBridge: boolean
}

/** The parts of a stored transaction the plan is made from. */
export interface PlanInput {
  readonly srcChainId: number
  readonly dstChainId: number
  /** The stored action response; only `bridgeRoute`, `steps` and `estimatedTxTime` are read. */
  readonly actionResponse: unknown
}

interface ResponseShape {
  bridgeRoute: { srcChainId: number; dstChainId: number; bridgeId: string }[]
  steps: { type: string; chainId: number; dstChainId: number; id?: string }[]
  estimatedTxTime: number
}

/**
 * Plans the legs of a transaction from its action response.
 *
 * Lane times come from the snapshot, by the lane id of each bridge step; a lane the snapshot no longer has (the
 * snapshot changed since the quote) gets an equal share of the quote's `estimatedTxTime` less the block times.
 *
 * @throws Error when the response has no `bridgeRoute`/`steps` arrays, its hops do not chain from `srcChainId`
 *   to `dstChainId`, or a chain is not in the snapshot.
 * @example
 * planTracking({ srcChainId: 42161, dstChainId: 10, actionResponse }, facts).legs.map((leg) => leg.chainId)
 * // → [42161, 10]
 */
export function planTracking(input: PlanInput, facts: TrackingFacts): TrackingPlan {
  const response = readResponse(input.actionResponse)
  const hops = response.bridgeRoute
  const chainOf = (chainId: number): ChainFacts => {
    const chain = facts.chains.get(chainId)
    if (chain === undefined) throw new Error(`chain ${chainId} is not in the snapshot`)
    return chain
  }
  let previous = input.srcChainId
  for (const hop of hops) {
    if (hop.srcChainId !== previous)
      throw new Error(`bridgeRoute does not chain: a hop from ${hop.srcChainId} follows chain ${previous}`)
    previous = hop.dstChainId
  }
  if (previous !== input.dstChainId)
    throw new Error(`bridgeRoute ends on chain ${previous}, not on dstChainId ${input.dstChainId}`)

  const source = chainOf(input.srcChainId)
  const destination = chainOf(input.dstChainId)
  const laneSeconds = hopSeconds(response, facts, source.blockTimeMs + (hops.length > 0 ? destination.blockTimeMs : 0))

  const legs: Leg[] = [
    {
      index: 0,
      kind: 'source',
      chainId: input.srcChainId,
      vm: source.vm,
      blockTimeMs: source.blockTimeMs,
      nextBridge: hops[0]?.bridgeId ?? '',
      viaBridge: '',
      isLast: hops.length === 0,
      expectedSeconds: source.blockTimeMs / 1000,
    },
  ]
  hops.forEach((hop, i) => {
    const chain = chainOf(hop.dstChainId)
    const isLast = i === hops.length - 1
    legs.push({
      index: i + 1,
      kind: 'delivery',
      chainId: hop.dstChainId,
      vm: chain.vm,
      blockTimeMs: chain.blockTimeMs,
      nextBridge: hops[i + 1]?.bridgeId ?? '',
      viaBridge: hop.bridgeId,
      isLast,
      expectedSeconds: laneSeconds[i]! + (isLast ? chain.blockTimeMs / 1000 : 0),
    })
  })
  const refund: Leg | undefined =
    hops.length === 0
      ? undefined
      : {
          index: -1, // appended after whatever txPath holds when the hop failed
          kind: 'refund',
          chainId: input.srcChainId,
          vm: source.vm,
          blockTimeMs: source.blockTimeMs,
          nextBridge: '',
          viaBridge: hops[0]!.bridgeId,
          isLast: true,
          expectedSeconds: laneSeconds[0]! + source.blockTimeMs / 1000,
        }
  return { legs, refund, isBridge: hops.length > 0 }
}

/** Estimated seconds of each hop: the lane's, by the bridge steps' lane ids, in hop order. */
function hopSeconds(response: ResponseShape, facts: TrackingFacts, blockMs: number): number[] {
  const bridgeSteps = response.steps.filter((step) => step.type === 'bridge')
  const hops = response.bridgeRoute
  const known = hops.map((hop, i) => {
    const step = bridgeSteps[i]
    const matches = step !== undefined && step.chainId === hop.srcChainId && step.dstChainId === hop.dstChainId
    return matches && step.id !== undefined ? facts.laneSeconds.get(step.id) : undefined
  })
  if (known.every((seconds) => seconds !== undefined)) return known as number[]
  // The quote's estimate is ceil(block ms / 1000) + Σ lane seconds (engine/quote/routeQuote.ts).
  const share = Math.max(0, response.estimatedTxTime - Math.ceil(blockMs / 1000)) / Math.max(1, hops.length)
  return known.map((seconds) => seconds ?? share)
}

function readResponse(value: unknown): ResponseShape {
  const response = value as Partial<ResponseShape> | null
  if (
    typeof response !== 'object' ||
    response === null ||
    !Array.isArray(response.bridgeRoute) ||
    !Array.isArray(response.steps)
  ) {
    throw new Error('the stored action response has no bridgeRoute/steps arrays')
  }
  for (const hop of response.bridgeRoute) {
    if (
      !Number.isSafeInteger(hop?.srcChainId) ||
      !Number.isSafeInteger(hop?.dstChainId) ||
      typeof hop?.bridgeId !== 'string'
    ) {
      throw new Error('the stored action response has a malformed bridgeRoute entry')
    }
  }
  return {
    bridgeRoute: response.bridgeRoute,
    steps: response.steps,
    estimatedTxTime: Number(response.estimatedTxTime) || 0,
  }
}
