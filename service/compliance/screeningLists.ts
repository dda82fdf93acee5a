/**
 * Loads the sanctioned-address lists (`SCREENING_DIR`, default `fixtures/ofac`) into one set per address
 * family, in the canonical form lookups use.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ADDRESS_FAMILIES, type AddressFamily, vmModuleOfFamily } from '../../engine/index.js'

/**
 * Address families that have lists: the VM registry's (`AddressFamily`). EVM covers every EVM chain and HyperCore
 * (same address format).
 */
export type ScreeningFamily = AddressFamily

/** The loaded lists: canonical addresses per family, and which files fed them. */
export interface ScreeningLists {
  readonly sets: Readonly<Record<ScreeningFamily, ReadonlySet<string>>>
  /** File names read, sorted. */
  readonly files: readonly string[]
  /** `sanctioned_addresses_<ASSET>.txt` files of assets with no chain here (e.g. XMR, LTC), not read. */
  readonly ignoredFiles: readonly string[]
}

type ListSets = Record<ScreeningFamily, Set<string>>

const LIST_FILE = /^sanctioned_addresses_([A-Z0-9]+)\.txt$/

const SHAPES: Readonly<Record<ScreeningFamily, RegExp>> = {
  evm: /^0x[0-9a-fA-F]{40}$/,
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  bitcoin: /^(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{6,87}|BC1[02-9AC-HJ-NP-Z]{6,87})$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
}

/**
 * Which families each list's lines may belong to; each line goes to the first family whose shape it fits. The
 * per-chain and per-token lists (ARB, BSC, USDC, USDT) name the same sanctioned holders as ETH: their EVM
 * entries are keys that hold funds on *every* EVM chain, so they join the one EVM set. The lists are not
 * clean per asset — the stablecoin lists carry Tron addresses and Bitcoin ones (USDT on Omni), and the XBT list
 * holds a Tron address — so a line joins the set its *shape* says: an address of a sanctioned holder is
 * sanctioned on the chain it belongs to, whatever list it was filed under. The three shapes cannot be confused
 * (`0x…`, `T…`, `1…`/`3…`/`bc1…`). Solana's base58 overlaps the others, so only a SOL list feeds the Solana set.
 * A line that fits none of its list's families stops the load.
 */
const BY_SHAPE: readonly ScreeningFamily[] = ['evm', 'tron', 'bitcoin']
const ASSET_FAMILIES: Readonly<Record<string, readonly ScreeningFamily[]>> = {
  ETH: BY_SHAPE,
  ARB: BY_SHAPE,
  BSC: BY_SHAPE,
  USDC: BY_SHAPE,
  USDT: BY_SHAPE,
  XBT: BY_SHAPE,
  TRX: BY_SHAPE,
  SOL: ['solana'],
}

/**
 * The canonical lookup form of an address in a family, as the family's VM module gives it (`canonicalAddress`):
 * lower case for EVM (case is only the EIP-55 checksum) and for bech32 Bitcoin addresses (valid in either case);
 * unchanged for base58 (Bitcoin legacy, Tron, Solana), where case is part of the address. Surrounding whitespace is
 * removed.
 *
 * @param family - the address family.
 * @param address - the address as received.
 * @returns the form stored in and looked up in the sets.
 *
 * @example
 * canonicalAddress('evm', '0xAbC…') // '0xabc…'
 * canonicalAddress('tron', 'TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre') // unchanged
 */
export function canonicalAddress(family: ScreeningFamily, address: string): string {
  return vmModuleOfFamily(family).canonicalAddress(address.trim())
}

/**
 * Reads every `sanctioned_addresses_<ASSET>.txt` in a directory (one address per line; blank lines and lines
 * starting with `#` skipped) into per-family sets. Called once per worker; lookups are then O(1).
 *
 * @param dir - the directory (`config.screeningDir`).
 * @returns the lists.
 * @throws Error when the directory cannot be read or holds no list of a known asset (screening would silently
 *   pass everyone), or when a line is not an address of its list's families (the message names file and line).
 *
 * @example
 * const lists = loadScreeningLists(config.screeningDir)
 * lists.sets.evm.has('0x8589427373d6d84e98730d7795d8f6f8731fda16') // true (Tornado Cash, in the shipped snapshot)
 */
export function loadScreeningLists(dir: string): ScreeningLists {
  let names: string[]
  try {
    names = readdirSync(dir).sort()
  } catch (error) {
    throw new Error(`SCREENING_DIR ${dir} cannot be read: ${(error as Error).message}`, { cause: error })
  }
  const sets = Object.fromEntries(ADDRESS_FAMILIES.map((family) => [family, new Set<string>()])) as ListSets
  const files: string[] = []
  const ignoredFiles: string[] = []
  for (const name of names) {
    const asset = LIST_FILE.exec(name)?.[1]
    if (asset === undefined) continue
    const families = ASSET_FAMILIES[asset]
    if (families === undefined) {
      ignoredFiles.push(name)
      continue
    }
    files.push(name)
    const lines = readFileSync(join(dir, name), 'utf8').split('\n')
    lines.forEach((raw, index) => {
      const line = raw.trim()
      if (line === '' || line.startsWith('#')) return
      const family = families.find((candidate) => SHAPES[candidate].test(line))
      if (family === undefined) {
        throw new Error(
          `SCREENING_DIR ${dir}: ${name} line ${index + 1}: ${JSON.stringify(line)} is not a ${families.join(' or ')} address`,
        )
      }
      sets[family].add(canonicalAddress(family, line))
    })
  }
  if (files.length === 0) {
    throw new Error(
      `SCREENING_DIR ${dir} holds no sanctioned_addresses_<ASSET>.txt list for ${Object.keys(ASSET_FAMILIES).join(', ')}`,
    )
  }
  return Object.freeze({
    sets: Object.freeze(sets),
    files: Object.freeze(files),
    ignoredFiles: Object.freeze(ignoredFiles),
  })
}
