/**
 * `prestart`: makes sure `npm start` runs JavaScript compiled from the current sources.
 *
 * - dist/ up to date (no source newer than the last build): nothing to do.
 * - dist/ missing or stale and TypeScript installed (a development checkout): `npm run build` first.
 * - dist/ stale but no TypeScript (`npm ci --omit=dev`): start what was built, with a warning.
 * - dist/ missing and no TypeScript: exit 1 with the production recipe (README "Production").
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const entry = join(root, 'dist/service/main.js')

/** Newest modification time (ms) of the `.ts` files under `dir`. */
function newestSource(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path))
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : -1
const sourcesAt = Math.max(
  newestSource(join(root, 'engine')),
  newestSource(join(root, 'service')),
  statSync(join(root, 'tsconfig.build.json')).mtimeMs,
)
if (builtAt >= sourcesAt) process.exit(0)

let tsc
try {
  tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc')
} catch {
  tsc = undefined
}
if (tsc !== undefined) {
  process.stderr.write(
    builtAt < 0
      ? 'crossroute: building dist/ (first start)\n'
      : 'crossroute: sources changed since the last build; rebuilding dist/\n',
  )
  // From scratch: a module deleted from the sources must not live on in dist/ (nor in the package).
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })
} else if (builtAt >= 0) {
  process.stderr.write(
    'crossroute: dist/ is older than the sources and TypeScript is not installed; starting the old build (run `npm run build` where dev dependencies are installed)\n',
  )
} else {
  process.stderr.write(
    'crossroute: dist/ is missing and TypeScript is not installed. Build first: `npm ci && npm run build`, then `npm ci --omit=dev && npm start` (README "Production").\n',
  )
  process.exit(1)
}
