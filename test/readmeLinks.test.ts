/**
 * Every relative link of the README, and of each README it links to, names a file or directory that exists
 * (issue 26: the README linked `service/tx/README.md`, which does not exist). Anchors are not checked, only paths.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/** The relative link targets of a Markdown file (`[text](target)`), code spans and fenced blocks left out. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '')
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^(?:[a-z][a-z0-9+.-]*:|#)/i.test(target))
    .map((target) => decodeURIComponent(target.replace(/#.*$/, '')))
}

describe('relative links', () => {
  const readme = join(ROOT, 'README.md')
  const linkedReadmes = relativeLinks(readme)
    .map((target) => join(ROOT, target))
    .filter((path) => path.endsWith('.md') && existsSync(path))

  it('the README links some READMEs (the check below is not vacuous)', () => {
    expect(linkedReadmes.length).toBeGreaterThan(5)
  })

  it.each([readme, ...new Set(linkedReadmes)].map((file) => [relative(ROOT, file), file]))(
    '%s: every relative link exists',
    (_name, file) => {
      const missing = relativeLinks(file).filter((target) => !existsSync(join(dirname(file), target)))
      expect(missing).toEqual([])
    },
  )
})
