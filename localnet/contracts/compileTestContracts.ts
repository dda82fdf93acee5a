/**
 * Compiles TestContracts.sol into TestContracts.json (ABI and creation bytecode of each contract), committed beside
 * it so that tests need no compiler. Run after editing the source:
 * `npx tsx localnet/contracts/compileTestContracts.ts`.
 * Uses solc-js 0.8.26 (`solc`, reached through Hardhat's dependencies; not a dependency of this package).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const SOURCE = new URL('./TestContracts.sol', import.meta.url)
const OUTPUT = new URL('./TestContracts.json', import.meta.url)

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
const input = {
  language: 'Solidity',
  sources: { 'TestContracts.sol': { content: readFileSync(SOURCE, 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
}
const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
const contracts = Object.fromEntries(
  Object.entries(output.contracts['TestContracts.sol']!)
    .filter(([, { evm }]) => evm.bytecode.object !== '') // interfaces
    .map(([name, { abi, evm }]) => [name, { abi, bytecode: `0x${evm.bytecode.object}` }]),
)
writeFileSync(OUTPUT, `${JSON.stringify(contracts)}\n`)
console.log(`wrote ${Object.keys(contracts).join(', ')}`)
