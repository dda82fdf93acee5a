// Hardhat configuration of the local EVM node (localnet/evmNode.ts): `npm run localnet`, the tests, and
// `npm run evm:node`. Only the built-in network is configured: no contracts are compiled.
//
// EVM_CHAIN_ID (default 42161, Arbitrum One) makes the node answer with a chain id of the default snapshot, so that
// real quotes exist for it. Transactions that revert are mined and reported by their receipt (status 0) instead of
// failing eth_sendRawTransaction, as on a real chain. Blocks mined within one second may share its timestamp (by
// default Hardhat adds a second per block, and a test sending many transactions runs the chain into the future).
module.exports = {
  networks: {
    hardhat: {
      chainId: Number(process.env.EVM_CHAIN_ID || 42161),
      throwOnTransactionFailures: false,
      allowBlocksWithSameTimestamp: true,
    },
  },
}
