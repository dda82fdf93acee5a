/**
 * Where a thread's entry module is: beside the module that starts it, in the same form. From the TypeScript
 * sources (`npm run dev`, tests: tsx) that is `./worker.ts`; from the build (`npm start`: `dist/service/*.js`)
 * `./worker.js`. The caller's own URL tells which.
 *
 * @example siblingModule('worker', import.meta.url) // file:///…/dist/service/worker.js when compiled
 */
export function siblingModule(name: string, from: string): URL {
  return new URL(`./${name}${from.endsWith('.ts') ? '.ts' : '.js'}`, from)
}
