/**
 * Compiles CrossrouteRouter.sol with solc-js (the `solc` devDependency, pinned to an exact version) into
 * CrossrouteRouter.json: `{ abi, bytecode, deployedBytecode, compiler: { version, settings } }`, committed beside it so
 * that nothing at run time needs a compiler. Run after editing the source: `npm run router:compile`.
 * test/engine/vm/evm/router/artifact.test.ts recompiles and compares, so the source and the artifact cannot drift.
 *
 * A build-time script: it reads and writes files, so it is kept out of the engine's build (tsconfig.build.json) and
 * package (`files`), and nothing in the engine imports it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/** The one place the compiler settings live (the artifact records them). */
export const ROUTER_COMPILER_SETTINGS = Object.freeze({
  // Transient storage (tload/tstore) needs Cancun.
  evmVersion: 'cancun',
  optimizer: Object.freeze({ enabled: true, runs: 1000 }),
})

const SOURCE_NAME = 'CrossrouteRouter.sol'
const SOURCE = new URL(`./${SOURCE_NAME}`, import.meta.url)
/** Where `npm run router:compile` writes the artifact. */
export const ROUTER_ARTIFACT_PATH = fileURLToPath(new URL('./CrossrouteRouter.json', import.meta.url))

/** The committed artifact's shape. */
export interface RouterArtifact {
  readonly abi: readonly unknown[]
  readonly bytecode: `0x${string}`
  readonly deployedBytecode: `0x${string}`
  readonly compiler: { readonly version: string; readonly settings: typeof ROUTER_COMPILER_SETTINGS }
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >
}

/**
 * Compiles the router's source as it is on disk.
 *
 * @returns the artifact (what CrossrouteRouter.json must hold).
 * @throws Error with solc's messages when the source does not compile.
 * @example
 * const { bytecode } = compileRouter()
 */
export function compileRouter(): RouterArtifact {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string; version(): string }
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      ...ROUTER_COMPILER_SETTINGS,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  const { abi, evm } = output.contracts[SOURCE_NAME]!.CrossrouteRouter!
  return {
    abi,
    bytecode: `0x${evm.bytecode.object}`,
    deployedBytecode: `0x${evm.deployedBytecode.object}`,
    compiler: { version: solc.version(), settings: ROUTER_COMPILER_SETTINGS },
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const artifact = compileRouter()
  writeFileSync(ROUTER_ARTIFACT_PATH, `${JSON.stringify(artifact, null, 2)}\n`)
  console.log(
    `wrote ${ROUTER_ARTIFACT_PATH}: ${(artifact.deployedBytecode.length - 2) / 2} bytes deployed, solc ${artifact.compiler.version}`,
  )
}
