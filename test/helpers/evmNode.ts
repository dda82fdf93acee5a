/**
 * The tests' local EVM node: the runtime module `fixtures/localnet/evmNode.ts` (Hardhat Network from npm),
 * re-exported so that tests keep importing it from their helpers.
 */
export {
  type EvmNode,
  FUNDED_ACCOUNT,
  type StartEvmNodeOptions,
  startEvmNode,
} from '../../fixtures/localnet/evmNode.js'
