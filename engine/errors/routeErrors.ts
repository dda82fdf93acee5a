import type {
  ChainPairDetails,
  InvalidSnapshotDetails,
  NoAvailableRouteDetails,
  RouteNotExecutableDetails,
  UnsupportedNetworkDetails,
  UnsupportedNetworkTokenPairDetails,
} from '../schema/errorDetails.js'
import { BaseError } from './BaseError.js'

/** Source and destination chains are on different VMs and no recipient was given. */
export class CrossVmReceiverRequiredError extends BaseError<ChainPairDetails> {
  static override readonly code = 'CROSS_VM_RECEIVER_REQUIRED'
  static override readonly status = 400
  static override readonly title = 'Recipient required across VMs'
  static override readonly errorName = 'CrossVmReceiverRequiredError'
  constructor(details: ChainPairDetails) {
    super('Source and destination chains use different VMs: a recipient address is required', details)
  }
}

/** No path of pools and bridge lanes connects the two tokens within the routing limits. */
export class NoAvailableRouteError extends BaseError<NoAvailableRouteDetails> {
  static override readonly code = 'NO_AVAILABLE_ROUTE'
  static override readonly status = 400
  static override readonly title = 'No available route'
  static override readonly errorName = 'NoAvailableRouteError'
  constructor(details: NoAvailableRouteDetails) {
    super('No route connects the source and destination tokens', details)
  }
}

/**
 * The quoted route has a step the source chain's router contract cannot run (a pool it has no adapter for, a pool
 * without a contract address in the snapshot, a bridge hop): its transaction would revert, so none is built. The
 * library's quotes are unaffected; only the transaction of `getAction` is refused.
 */
export class RouteNotExecutableError extends BaseError<RouteNotExecutableDetails> {
  static override readonly code = 'ROUTE_NOT_EXECUTABLE'
  static override readonly status = 400
  static override readonly title = 'Route not executable'
  static override readonly errorName = 'RouteNotExecutableError'
  constructor(details: RouteNotExecutableDetails) {
    super(`The router of chain ${details.chainId} cannot execute step ${details.step}: ${details.reason}`, details)
  }
}

/** The chain id is not one the engine knows. */
export class UnsupportedNetworkError extends BaseError<UnsupportedNetworkDetails> {
  static override readonly code = 'UNSUPPORTED_NETWORK'
  static override readonly status = 400
  static override readonly title = 'Unsupported network'
  static override readonly errorName = 'UnsupportedNetworkError'
  constructor(details: UnsupportedNetworkDetails) {
    super(`Chain ${details.chainId} is not supported`, details)
  }
}

/** Both chains are known, but no bridge lane (within two hops) connects them. */
export class UnsupportedNetworkPairError extends BaseError<ChainPairDetails> {
  static override readonly code = 'UNSUPPORTED_NETWORK_PAIR'
  static override readonly status = 400
  static override readonly title = 'Unsupported network pair'
  static override readonly errorName = 'UnsupportedNetworkPairError'
  constructor(details: ChainPairDetails) {
    super(`Routing from chain ${details.srcChainId} to chain ${details.dstChainId} is not supported`, details)
  }
}

/** The chains are connected, but not for these tokens (e.g. the allowed bridges do not carry them). */
export class UnsupportedNetworkAndTokenPairError extends BaseError<UnsupportedNetworkTokenPairDetails> {
  static override readonly code = 'UNSUPPORTED_NETWORK_TOKEN_PAIR'
  static override readonly status = 400
  static override readonly title = 'Unsupported network and token pair'
  static override readonly errorName = 'UnsupportedNetworkAndTokenPairError'
  constructor(details: UnsupportedNetworkTokenPairDetails) {
    super('Routing between these tokens on these networks is not supported', details)
  }
}

/** A snapshot failed validation; the message names the offending entry. */
export class InvalidSnapshotError extends BaseError<InvalidSnapshotDetails> {
  static override readonly code = 'INVALID_SNAPSHOT'
  static override readonly status = 500
  static override readonly title = 'Invalid snapshot'
  static override readonly errorName = 'InvalidSnapshotError'
  constructor(details: InvalidSnapshotDetails) {
    super(`Invalid snapshot entry ${details.entry}: ${details.reason}`, details)
  }
}
