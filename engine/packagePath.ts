/**
 * Paths of the files the package ships beside its code (`fixtures/default.json`, the service's development keys
 * and screening lists), the same from the TypeScript sources and from the compiled `dist/`.
 *
 * Source files sit one folder below the package root (`engine/packagePath.ts`); compiled files two
 * (`dist/engine/packagePath.js`). Which one is running shows in this module's own extension.
 */
import { fileURLToPath } from 'node:url'

const ROOT_URL = new URL(import.meta.url.endsWith('.ts') ? '../' : '../../', import.meta.url)

/**
 * The absolute path of a file of the package, given relative to its root.
 *
 * @example packagePath('fixtures/default.json') // '/…/node_modules/crossroute/fixtures/default.json'
 */
export function packagePath(relativePath: string): string {
  return fileURLToPath(new URL(relativePath, ROOT_URL))
}
