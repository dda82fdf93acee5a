/**
 * Checking real HTTP answers against the service's OpenAPI document, for `openapi.test.ts` and `fuzz.test.ts`.
 *
 * The whole document is added to ajv (draft 2020-12, the dialect of OpenAPI 3.1) as one schema, so the `$ref`s to
 * `#/components/…` resolve as they are written; a response is validated against the schema at its JSON pointer in
 * the document (`#/paths/~1getAction/get/responses/200/content/application~1json/schema`, or the shared
 * `#/components/responses/…` a `$ref` points to). Headers the response declares `required` are checked too.
 */
import { request as httpRequest, type Agent } from 'node:http'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { ERROR_STATUSES } from '../../service/openapi/errors.js'
import type { OpenApiDocument, Response } from '../../service/openapi/types.js'

const DOCUMENT_ID = 'openapi.json'
/** The shared error responses (`components.responses`) by status. */
const ERROR_RESPONSES: Readonly<Record<number, string>> = ERROR_STATUSES

/** An HTTP answer as the tests see it. */
export interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** What `send` sends. */
export interface SendOptions {
  method?: string
  headers?: Record<string, string>
  body?: string
  /** Abort after this long (the request then rejects: a hang is a failure). Default 10 s. */
  timeoutMs?: number
  agent?: Agent | false
}

/**
 * One request over node:http: the path is sent as given (fetch would normalize `..` and reject some methods and
 * headers), and a request that does not complete within `timeoutMs` rejects.
 *
 * @example
 * const reply = await send(`${service.url}/getAction?${query}`, { headers: { 'x-api-key': 'dev-key-alpha' } })
 */
export function send(url: string, options: SendOptions = {}): Promise<Reply> {
  const { origin } = new URL(url)
  const path = url.slice(origin.length) || '/'
  const timeoutMs = options.timeoutMs ?? 10_000
  return new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(
      origin + '/',
      {
        method: options.method ?? 'GET',
        path,
        // A body always goes with its length: Node sends a GET's body unframed otherwise.
        headers:
          options.body === undefined
            ? options.headers
            : { 'content-length': String(Buffer.byteLength(options.body)), ...options.headers },
        agent: options.agent ?? false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8').on('data', (text: string) => (body += text))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
        res.on('error', reject)
      },
    )
    req.on('error', (error) => reject(new Error(`${options.method ?? 'GET'} ${path.slice(0, 200)}: ${error.message}`)))
    req.end(options.body)
  })
}

/** Escapes a JSON pointer segment (RFC 6901). */
const pointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1')

/** The envelope fields every error answer carries. */
export interface ErrorBody {
  success: false
  error: {
    code: string
    name: string
    message: string
    title: string
    statusCode: number
    details?: unknown
    timestamp: string
  }
}

/** RFC 3339 date-time, as `Date.prototype.toISOString` writes it and wider (any offset, any fraction). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i

/** A validator of real answers against one OpenAPI document. */
export interface Contract {
  /**
   * Problems of a reply against the response the document declares for `method` on `path` (a path of the document,
   * without `/api`) and the reply's status; `path` `undefined` for a path the document does not have (only 404 is
   * declared for those). Returns `[]` when it conforms.
   */
  check(path: string | undefined, method: string, reply: Reply): string[]
  /** The JSON pointer of the response object used for `path`, `method`, `status`, or `undefined` when not declared. */
  responsePointer(path: string | undefined, method: string, status: number): string | undefined
  /** Validates a value against a schema at a pointer of the document (for negative controls). */
  validate(schemaPointer: string, value: unknown): string[]
}

/**
 * Compiles a document for checking answers.
 *
 * @throws Error when a schema of the document does not compile (ajv strict mode: unknown keywords or formats).
 */
export function createContract(document: OpenApiDocument): Contract {
  // strictRequired is off: `then: {required: [...]}` names properties declared beside the `if`, as it should.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true })
  // The document's own fields and OpenAPI's `discriminator` annotation are not JSON Schema keywords.
  ajv.addVocabulary([
    'openapi',
    'info',
    'jsonSchemaDialect',
    'servers',
    'security',
    'tags',
    'paths',
    'components',
    'discriminator',
  ])
  ajv.addFormat('date-time', (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)))
  ajv.addSchema(structuredClone(document) as object, DOCUMENT_ID)

  const compiled = new Map<string, ValidateFunction>()
  const validator = (pointer: string) => {
    let validate = compiled.get(pointer)
    if (validate === undefined) {
      validate = ajv.getSchema(`${DOCUMENT_ID}${pointer}`)
      if (validate === undefined) throw new Error(`no schema at ${pointer}`)
      compiled.set(pointer, validate)
    }
    return validate
  }
  const validate = (pointer: string, value: unknown): string[] => {
    const check = validator(pointer)
    if (check(value)) return []
    return (check.errors ?? []).map(
      (error) =>
        `${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)} [${error.schemaPath}]`,
    )
  }

  const responsePointer = (path: string | undefined, method: string, status: number): string | undefined => {
    const pathItem = path === undefined ? undefined : document.paths[path]
    if (pathItem === undefined) {
      // A path the document does not have: 404, or an error any path can get before routing (413, 503) or from an
      // undocumented route (the test-only ones): the shared error response of the status.
      const name = ERROR_RESPONSES[status]
      return name === undefined || document.components.responses[name] === undefined
        ? undefined
        : `#/components/responses/${name}`
    }
    // A method the path does not have is answered like its main operation (GET, else POST) up to routing (413, 503),
    // then 405; the document lists those under that operation, as SPEC §4.1 lists 405 under getAction.
    const documentedMethod = method.toLowerCase() as 'get' | 'post' | 'options'
    const mainMethod = pathItem.get === undefined ? 'post' : 'get'
    const operationMethod = status === 405 || pathItem[documentedMethod] === undefined ? mainMethod : documentedMethod
    const response = pathItem[operationMethod]?.responses[String(status)]
    if (response === undefined) return undefined
    return '$ref' in response
      ? response.$ref
      : `#/paths/${pointerSegment(path!)}/${operationMethod}/responses/${status}`
  }

  const resolve = <T>(pointer: string): T => {
    let node: unknown = document
    for (const segment of pointer.replace(/^#\//, '').split('/')) {
      node = (node as Record<string, unknown>)[segment.replaceAll('~1', '/').replaceAll('~0', '~')]
    }
    return node as T
  }

  return {
    responsePointer,
    validate,
    check(path, method, reply) {
      const pointer = responsePointer(path, method, reply.status)
      if (pointer === undefined)
        return [`status ${reply.status} is not declared for ${method} ${path ?? '(unknown path)'}`]
      const response = resolve<Response>(pointer)
      const problems: string[] = []
      for (const [name, declared] of Object.entries(response.headers ?? {})) {
        const headerPointer = '$ref' in declared ? declared.$ref : `${pointer}/headers/${pointerSegment(name)}`
        const header = resolve<{ required?: boolean }>(headerPointer)
        const value = reply.headers[name.toLowerCase()]
        if (value === undefined) {
          if (header.required === true) problems.push(`header ${name} is missing`)
          continue
        }
        problems.push(...validate(`${headerPointer}/schema`, value).map((problem) => `header ${name}: ${problem}`))
      }
      const media = response.content?.['application/json']
      if (media === undefined) {
        if (reply.body !== '') problems.push(`no content declared, got a body of ${reply.body.length} characters`)
        return problems
      }
      if (!String(reply.headers['content-type']).startsWith('application/json')) {
        problems.push(`content-type ${String(reply.headers['content-type'])}`)
      }
      let body: unknown
      try {
        body = JSON.parse(reply.body)
      } catch {
        return [...problems, `body is not JSON: ${reply.body.slice(0, 200)}`]
      }
      return [...problems, ...validate(`${pointer}/content/application~1json/schema`, body)]
    },
  }
}
