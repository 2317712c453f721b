/**
 * The benchmark's webhook receiver, in a process of its own so the backend's load cannot delay
 * its answers (a late answer looks like a timeout to the sender, which then sends again).
 * Fails FAILURE_RATE of the attempts at random (503) and counts what it accepted by
 * Idempotency-Key; GET /stats answers the counts. Prints "listening on <url>" once ready.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const failureRate = Number(process.env.FAILURE_RATE ?? 0.2)
const accepted = new Map<string, number>()
let attempts = 0
let failed = 0

const server = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    if (req.method === 'GET') {
      const duplicatesByKey = [...accepted.values()].reduce((sum, times) => sum + times - 1, 0)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ attempts, failed, keysAccepted: accepted.size, duplicatesByKey }))
      return
    }
    attempts++
    if (Math.random() < failureRate) {
      failed++
      res.writeHead(503).end()
      return
    }
    const key = String(req.headers['idempotency-key'])
    accepted.set(key, (accepted.get(key) ?? 0) + 1)
    res.writeHead(200).end()
  })
})
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
