/**
 * The request bodies the main thread holds (`server.ts`): each within the body limit, all of them together within
 * `MAX_BUFFERED_BYTES`, so that clients cannot make this thread buffer without bound. A body is read only after its
 * request was admitted from its headers.
 */
import type { IncomingMessage } from 'node:http'

/** What happens to one body: exactly one of these is called, once. */
export interface BodyHandlers {
  /** The whole body, as UTF-8 text. */
  readonly onBody: (body: string) => void
  /** Over the body limit (announced by `Content-Length`, or found while reading): the rest is never read. */
  readonly onTooLarge: () => void
  /** Over what the thread may hold at once, over every connection. */
  readonly onOverBuffered: () => void
  /** The client left mid-body (an error, or the stream closed before its end): nothing to answer. */
  readonly onAbandon: () => void
}

/** Reads bodies against the limits; the count of bytes held is shared by every body it reads. */
export interface BodyBuffer {
  read(req: IncomingMessage, handlers: BodyHandlers): void
}

/**
 * A body reader for one server.
 *
 * @example
 * const bodies = createBodyBuffer({ limitBytes: 1 << 20, maxBufferedBytes: 64 << 20 })
 * bodies.read(req, { onBody: (text) => forward(text), onTooLarge, onOverBuffered, onAbandon })
 */
export function createBodyBuffer(limits: {
  readonly limitBytes: number
  readonly maxBufferedBytes: number
}): BodyBuffer {
  const { limitBytes, maxBufferedBytes } = limits
  let bufferedBytes = 0
  return {
    read(req, { onBody, onTooLarge, onOverBuffered, onAbandon }) {
      const contentLength = req.headers['content-length']
      if (contentLength !== undefined && Number(contentLength) > limitBytes) return onTooLarge()
      const chunks: Buffer[] = []
      let receivedBytes = 0
      let isDone = false
      const release = () => {
        if (isDone) return
        isDone = true
        bufferedBytes -= receivedBytes
        chunks.length = 0
        req.off('data', onData).off('end', onEnd)
      }
      const onData = (chunk: Buffer) => {
        receivedBytes += chunk.length
        bufferedBytes += chunk.length
        if (receivedBytes <= limitBytes && bufferedBytes <= maxBufferedBytes) return void chunks.push(chunk)
        // Over this request's limit, or over what the thread may hold at once: stop buffering and answer now.
        const isTooLarge = receivedBytes > limitBytes
        release()
        if (isTooLarge) onTooLarge()
        else onOverBuffered()
      }
      const onEnd = () => {
        const body = Buffer.concat(chunks, receivedBytes).toString('utf8')
        release()
        onBody(body)
      }
      const abandon = () => {
        if (isDone) return
        release()
        onAbandon()
      }
      req.on('data', onData).on('end', onEnd)
      req.on('error', abandon).once('close', abandon)
    },
  }
}
