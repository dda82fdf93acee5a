/**
 * A local HTTP server speaking the part of Esplora's REST API the service uses, in its real shapes
 * (github.com/Blockstream/esplora/blob/master/API.md): `GET /address/:address/utxo`, `GET /address/:address/txs`,
 * `GET /tx/:txid/status`, `GET /tx/:txid`, `GET /blocks/tip/height`. Tests set what it answers and read what it
 * was asked.
 */
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Esplora's UTXO item. */
export interface EsploraUtxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number }
}

/** What the stub knows of one transaction: its status and its outputs. */
export interface EsploraTx {
  status: EsploraUtxo['status']
  /** Outputs; an `OP_RETURN` one has no address, `scriptpubkey_type` `op_return` and its script in hex. */
  vout: { scriptpubkey_address?: string; scriptpubkey?: string; scriptpubkey_type?: string; value: number }[]
}

/** A running stub. */
export interface EsploraStub {
  /** Base URL, without a trailing slash (what `BITCOIN_API_URL` takes). */
  readonly url: string
  /** UTXOs by address; a number answers that HTTP status instead. */
  readonly utxos: Map<string, EsploraUtxo[] | number>
  readonly txs: Map<string, EsploraTx>
  /** `GET /blocks/tip/height`'s answer. */
  tipHeight: number
  /** When set, every request is answered with this HTTP status (an API that is down). */
  failing: number | undefined
  /** Paths asked, in order. */
  readonly requests: string[]
  close(): Promise<void>
}

/**
 * Starts a stub on a free local port.
 *
 * @example
 * const esplora = await startEsploraStub()
 * esplora.utxos.set(address, [{ txid, vout: 0, value: 100_000, status: { confirmed: true, block_height: 1 } }])
 */
export async function startEsploraStub(): Promise<EsploraStub> {
  const utxos = new Map<string, EsploraUtxo[] | number>()
  const txs = new Map<string, EsploraTx>()
  const requests: string[] = []
  const stub = { utxos, txs, tipHeight: 850_000, failing: undefined, requests } as Omit<EsploraStub, 'url' | 'close'>
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stub').pathname
    requests.push(path)
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }
    const notFound = (text: string) => res.writeHead(404, { 'content-type': 'text/plain' }).end(text)
    let match: RegExpExecArray | null
    if (stub.failing !== undefined) {
      res.writeHead(stub.failing).end('error')
    } else if ((match = /^\/address\/([^/]+)\/utxo$/.exec(path))) {
      const answer = utxos.get(decodeURIComponent(match[1]!)) ?? []
      if (typeof answer === 'number') res.writeHead(answer).end('error')
      else json(200, answer)
    } else if ((match = /^\/address\/([^/]+)\/txs$/.exec(path))) {
      // The transactions with an output to the address, as Esplora lists them: the mempool's first, then the mined
      // ones, newest first (later-added first within a block).
      const address = decodeURIComponent(match[1]!)
      const listed = [...txs]
        .map(([txid, tx], order) => ({ txid, tx, order }))
        .filter(({ tx }) => tx.vout.some((output) => output.scriptpubkey_address === address))
        .sort(
          (a, b) =>
            (b.tx.status.block_height ?? Number.POSITIVE_INFINITY) -
              (a.tx.status.block_height ?? Number.POSITIVE_INFINITY) || b.order - a.order,
        )
      json(
        200,
        listed.map(({ txid, tx }) => ({ txid, version: 2, locktime: 0, vin: [], vout: tx.vout, status: tx.status })),
      )
    } else if ((match = /^\/tx\/([0-9a-f]{64})\/status$/.exec(path))) {
      const tx = txs.get(match[1]!)
      if (tx === undefined) notFound('Transaction not found')
      else json(200, tx.status)
    } else if ((match = /^\/tx\/([0-9a-f]{64})$/.exec(path))) {
      const tx = txs.get(match[1]!)
      if (tx === undefined) notFound('Transaction not found')
      else json(200, { txid: match[1], version: 2, locktime: 0, vin: [], vout: tx.vout, status: tx.status })
    } else if (path === '/blocks/tip/height') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(String(stub.tipHeight))
    } else {
      notFound('not found')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as EsploraStub
}
