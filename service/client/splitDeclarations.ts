/**
 * Splits openapi-typescript's two large declarations along the seams the API already has, so that no generated file
 * grows with the API: `components` by section (schemas, responses, parameters, headers), its schemas by the module
 * that declares them (the engine's schemas, the service's, each engine error module, the service's errors, the error
 * envelopes), and `operations` by path. The parts are interfaces; `components` and `operations` are composed of them,
 * so `components["schemas"]["TokenAmount"]` and `operations["getAction"]` mean what they did.
 */

/** One member of a generated interface or type literal: its name and its lines, leading doc comment included. */
interface Member {
  readonly name: string
  readonly lines: readonly string[]
}

const startsMember = (line: string, indent: string) =>
  line.startsWith(`${indent}/**`) || new RegExp(`^${indent}"?[\\w$-]+"?\\??: `).test(line)

/** The members of a block whose members sit at `indent` (openapi-typescript indents by 4 spaces). */
export function membersOf(lines: readonly string[], indent: string): Member[] {
  const members: Member[] = []
  let current: string[] = []
  let named = false
  for (const line of lines) {
    // A new member starts at a doc comment or a name, once the current one has its name (its comment comes first).
    if (startsMember(line, indent) && named) {
      members.push(finish(current, indent))
      current = []
      named = false
    }
    current.push(line)
    if (new RegExp(`^${indent}"?[\\w$-]+"?\\??: `).test(line)) named = true
  }
  if (current.length > 0) members.push(finish(current, indent))
  return members
}

function finish(lines: string[], indent: string): Member {
  const declaration = lines.find((line) => new RegExp(`^${indent}"?[\\w$-]+"?\\??: `).test(line))!
  return { name: /^\s*"?([\w$-]+)"?/.exec(declaration)![1]!, lines }
}

/** A part: an exported interface of some members of a block, re-indented to the top level. */
export function partInterface(name: string, members: readonly Member[], indent: string): string {
  const outdent = indent.length - 4
  const body = members.flatMap((member) => member.lines.map((line) => line.slice(outdent)))
  return `export interface ${name} {\n${body.join('\n')}\n}\n`
}

/**
 * The lines of each `    name: {` … `    };` section of `export interface <declaration> {` in `text`, and the
 * lines around them.
 */
export function sectionsOf(text: string, declaration: string): { head: string[]; sections: Map<string, string[]> } {
  const lines = text.split('\n')
  const start = lines.indexOf(`export interface ${declaration} {`)
  if (start < 0) throw new Error(`splitDeclarations: no interface ${declaration}`)
  const sections = new Map<string, string[]>()
  for (let index = start + 1; index < lines.length && lines[index] !== '}'; index++) {
    const open = /^ {4}(\w+): \{$/.exec(lines[index]!)
    if (open === null) continue
    const end = lines.indexOf('    };', index)
    sections.set(open[1]!, lines.slice(index + 1, end))
    index = end
  }
  return { head: lines.slice(0, start), sections }
}

/** Members grouped by `groupOf(name)`; throws on a member no group claims (a new seam needs a name). */
export function groupMembers(
  members: readonly Member[],
  groupOf: (name: string) => string | undefined,
  what: string,
): Map<string, Member[]> {
  const groups = new Map<string, Member[]>()
  for (const member of members) {
    const group = groupOf(member.name)
    if (group === undefined) throw new Error(`splitDeclarations: no file for ${what} ${member.name}`)
    groups.set(group, [...(groups.get(group) ?? []), member])
  }
  return groups
}
