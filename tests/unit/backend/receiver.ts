// A real HTTP receiver on 127.0.0.1 for notification tests: it records every request and
// answers as the test says, and it can go down (stop listening) and come back on its port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/** Status to answer with, or a function that answers (or not) itself. */
export type Answer = number | ((req: IncomingMessage, res: ServerResponse, received: Received) => void)

export interface Receiver {
  url: string
  received: Received[]
  /** How the n-th request (0-based) is answered; 200 when the function returns undefined. */
  answer: (n: number) => Answer | undefined
  /** Resolves once `count` requests have arrived; fails, saying how many came, after `withinMs`. */
  waitForRequests(count: number, withinMs?: number): Promise<Received[]>
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

export async function startReceiver(answer: Receiver['answer'] = () => 200): Promise<Receiver> {
  const waiters: { count: number; resolve: (received: Received[]) => void }[] = []
  const sockets = new Set<import('node:net').Socket>()
  const receiver: Receiver = {
    url: '',
    received: [],
    answer,
    waitForRequests(count, withinMs = 30_000) {
      if (receiver.received.length >= count) return Promise.resolve(receiver.received)
      return new Promise((resolve, reject) => {
        // A bound on failure, not a wait: a test that fails says what arrived rather than timing out.
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1)
          reject(new Error(`the receiver got ${receiver.received.length} of ${count} requests in ${withinMs} ms`))
        }, withinMs)
        const waiter = {
          count,
          resolve: (received: Received[]) => {
            clearTimeout(timer)
            resolve(received)
          },
        }
        waiters.push(waiter)
      })
    },
    down: () => stop(),
    up: () => listen(port),
    close: () => stop(),
  }
  let server: Server
  let port = 0

  function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      const n = receiver.received.push(received) - 1
      const how = receiver.answer(n) ?? 200
      if (typeof how === 'function') how(req, res, received)
      else {
        res.writeHead(how, { 'content-type': 'application/json' })
        res.end(how < 300 ? '{"ok":true}' : '{"error":"unavailable"}')
      }
      for (const waiter of waiters.filter((w) => receiver.received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(receiver.received)
      }
    })
  }

  function listen(onPort: number): Promise<void> {
    server = createServer(handle)
    server.on('connection', (socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    return new Promise((resolve) =>
      server.listen(onPort, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port
        receiver.url = `http://127.0.0.1:${port}`
        resolve()
      }),
    )
  }

  function stop(): Promise<void> {
    if (!server.listening) return Promise.resolve()
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const socket of sockets) socket.destroy()
    return closed
  }

  await listen(0)
  return receiver
}
