/**
 * The probe listener's thread (`probeThread.ts` starts it): an HTTP server on `PROBE_PORT` that answers only
 * `GET`/`HEAD /api/health` and `/api/ready`, as the main listener does (`probes.ts`), from what the main thread
 * publishes (workers ready, its beat) and a store probe of its own. Anything else: 404 in the envelope.
 *
 * A main thread silent for `mainStallMs` (`MAIN_STALL_MS`, 10 s: its event loop stopped, not merely busy, for under
 * overload it still turns every few seconds) makes both probes 503, so that a liveness probe still restarts a hung
 * process.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parentPort, workerData } from 'node:worker_threads'
import { NotFoundError, ServiceUnavailableError } from './errors.js'
import { errorEnvelopeJson } from './middleware/errors.js'
import { REQUEST_ID_HEADER, requestIdFrom } from './middleware/requestId.js'
import { MAIN_BEAT_CELL, type ProbeListeningMessage, type ProbeThreadData, READY_WORKERS_CELL } from './probeThread.js'
import { isProbe, probeReply } from './probes.js'
import { createStoreProbe } from './store/probe.js'

const data = workerData as ProbeThreadData
const cells = new BigInt64Array(data.shared)
const isStoreReachable = createStoreProbe(data)
const inputs = {
  readyWorkers: () => Number(Atomics.load(cells, READY_WORKERS_CELL)),
  threads: data.threads,
  isStoreReachable,
}

const write = (res: ServerResponse, req: IncomingMessage, status: number, body: string, requestId: string) => {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    [REQUEST_ID_HEADER]: requestId,
    // A body sent with a probe is never read.
    ...(req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined
      ? { connection: 'close' }
      : {}),
  })
  res.end(req.method === 'HEAD' ? undefined : body)
}

const server = createServer({ requireHostHeader: false, headersTimeout: 5000, requestTimeout: 5000 }, (req, res) => {
  const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER])
  if (!isProbe(req.method, req.url)) {
    const path = req.url?.split('?', 1)[0] ?? ''
    const error = new NotFoundError(`No endpoint at ${path} on the probe port`, { path })
    return write(res, req, 404, errorEnvelopeJson(error), requestId)
  }
  const silentMs = Date.now() - Number(Atomics.load(cells, MAIN_BEAT_CELL))
  if (silentMs > data.mainStallMs) {
    const error = new ServiceUnavailableError(
      { retryAfterSeconds: 1 },
      `The main thread has not answered for ${silentMs} ms`,
    )
    return write(res, req, 503, errorEnvelopeJson(error), requestId)
  }
  void probeReply(req.url, inputs).then(({ status, body }) => write(res, req, status, body, requestId))
})
server.on('clientError', (_error, socket) => socket.destroy())
server.listen(data.port, data.host, () => {
  const { port } = server.address() as AddressInfo
  parentPort?.postMessage({ type: 'crossroute:probes-listening', port } satisfies ProbeListeningMessage)
})
