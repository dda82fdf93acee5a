/**
 * The README's tables against the OpenAPI document (built from the schemas): the error tables ("Errors", "Errors of
 * the service") list exactly the codes of the document's error responses, with their status, class name and details
 * fields; each endpoint's parameter table ("HTTP API") lists exactly the operation's query parameters (or request
 * body fields) with their types and required-ness. Both directions: a row the document lacks fails, and so does a
 * code or parameter the README lacks.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENDPOINT_TABLES, documentJson, documentedErrors, endpointFields } from '../service/openapi/readmeTables.js'

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const document = documentJson()

/** The cells of the first markdown table after the heading `heading` (and before the next heading). */
function tableAfter(heading: string): string[][] {
  const lines = README.split('\n')
  const start = lines.findIndex((line) => /^#{2,4} /.test(line) && line.replace(/^#+ /, '') === heading)
  expect(start, `README has a heading "${heading}"`).toBeGreaterThanOrEqual(0)
  const rows: string[][] = []
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,4} /.test(line)) break
    if (!line.startsWith('|')) {
      if (rows.length > 0) break
      continue
    }
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replaceAll('\\|', '|')),
    )
  }
  expect(rows.length, `a table under "${heading}"`).toBeGreaterThan(2)
  return rows.slice(2) // the header row and the |---| row
}

const unquote = (cell: string) => cell.replace(/^`(.*)`$/, '$1')

describe('README error tables', () => {
  const readmeErrors = (heading: string) =>
    tableAfter(heading).map(([status, code, name, details]) => ({
      status: Number(status),
      code: code!,
      name: name!,
      details: details === '—' ? [] : details!.split(',').map((field) => field.trim()),
    }))
  const engine = readmeErrors('Errors')
  const service = readmeErrors('Errors of the service')
  const documented = documentedErrors(document)

  it("list every code of the document's error responses, and no other", () => {
    const readmeCodes = [...engine, ...service].map((row) => row.code)
    expect(new Set(readmeCodes).size, 'a code listed twice').toBe(readmeCodes.length)
    expect([...readmeCodes].sort()).toEqual(documented.map((row) => row.code).sort())
  })

  it("give each code the document's status, class name and details fields", () => {
    const byCode = new Map(documented.map((row) => [row.code, row]))
    for (const row of [...engine, ...service]) expect(row, row.code).toEqual(byCode.get(row.code))
  })

  it("the engine's table holds the 400 codes, the service's the others", () => {
    expect(engine.map((row) => row.status)).toEqual(engine.map(() => 400))
    expect(service.map((row) => row.status)).not.toContain(400)
  })
})

describe('README parameter tables', () => {
  it.each(ENDPOINT_TABLES)('$heading: names, types and required-ness as in the document', (table) => {
    const readme = tableAfter(table.heading).map(([name, type, required]) => ({
      name: unquote(name!),
      type: type!,
      required: required!,
    }))
    const fields = endpointFields(document, table)
    // Names in both directions first, so that a missing or extra parameter is reported as such.
    expect(readme.map((row) => row.name).sort()).toEqual(fields.map((field) => field.name).sort())
    for (const field of fields) {
      const row = readme.find((candidate) => candidate.name === field.name)!
      expect(row.type, `${field.name}: type`).toBe(field.type)
      expect(row.required === 'yes', `${field.name}: required is "${row.required}"`).toBe(field.required === 'yes')
    }
  })

  it("cover every operation with parameters or a body, except the service's own", () => {
    const tabled = new Set<string>(ENDPOINT_TABLES.map((table) => table.path))
    for (const [path, item] of Object.entries(document.paths)) {
      const operation = item.get ?? item.post
      // beyond x-request-id
      const hasInput = operation?.requestBody !== undefined || (operation?.parameters ?? []).length > 1
      if (hasInput) expect(tabled.has(path), path).toBe(true)
    }
  })
})
