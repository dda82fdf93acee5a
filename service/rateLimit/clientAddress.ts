/**
 * The address a request comes from, for the limit on requests without a valid key (`admission.ts`).
 */
import type { IncomingMessage } from 'node:http'

/** Longer than any IPv6 address with a zone. */
const MAX_ADDRESS_LENGTH = 64

/**
 * The client's address: the socket's peer, or — behind a proxy — the header the proxy sets (`CLIENT_IP_HEADER`,
 * e.g. `x-real-ip`, `cf-connecting-ip`, `x-forwarded-for`). Of a comma-separated list (`X-Forwarded-For`), the last
 * entry counts: the one the nearest proxy appended; the entries before it are whatever the client sent. A request
 * without the header is counted by its socket address.
 *
 * @param header - the lower-case header name, or `undefined` to use the socket's address
 * @returns the address, `''` when unknown (a closed socket)
 * @example clientAddressOf(req, 'x-forwarded-for') // '203.0.113.7' for "X-Forwarded-For: 10.0.0.1, 203.0.113.7"
 */
export function clientAddressOf(req: IncomingMessage, header: string | undefined): string {
  if (header !== undefined) {
    const value = req.headers[header]
    const text = Array.isArray(value) ? value.join(',') : value
    if (text !== undefined) {
      // Cut: an address is short, and the counters keep one entry per address.
      const last = text
        .slice(text.lastIndexOf(',') + 1)
        .trim()
        .slice(0, MAX_ADDRESS_LENGTH)
      if (last !== '') return last
    }
  }
  return req.socket.remoteAddress ?? ''
}
