/**
 * The HyperCore module: EVM-format addresses and hashes (as on HyperEVM), its own `vmId`, no ERC-20 approvals, and
 * source transactions that must be registered.
 */
import { EVM_FORMAT_RULES } from './evm.js'
import type { VmModule } from './vmModule.js'

/**
 * The HyperCore module.
 *
 * @example
 * hypercoreModule.vmId // 'hypercore'
 * hypercoreModule.addressFamily // 'evm': a HyperCore address is valid on EVM chains
 */
export const hypercoreModule: VmModule = Object.freeze({
  ...EVM_FORMAT_RULES,
  vm: 'hypercore',
  vmId: 'hypercore',
  requiresTokenApproval: false,
  requiresRegisterTransaction: true,
  // HyperCore's own actions are no EVM calls (contracts run on HyperEVM, an `evm` chain).
  executesEvmCalldata: false,
  executesSplits: false,
})
