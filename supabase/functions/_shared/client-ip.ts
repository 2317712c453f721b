/**
 * Which address a submission counts against. The client address is only ever
 * kept as a salted SHA-256, enough to count submissions per network without
 * storing who sent them.
 *
 * A header the client can set decides nothing on its own: X-Forwarded-For is
 * read only when the TCP peer is a configured trusted proxy (TRUST_PROXY), and
 * then only up to the right-most hop that no trusted proxy vouches for, since
 * every entry to the left of it was written by the client.
 */
import ipaddr from 'ipaddr.js'

type Address = ipaddr.IPv4 | ipaddr.IPv6
type AddressRange = [Address, number]

export interface ClientIpRules {
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For entries are believed. */
  trustedProxies: readonly AddressRange[]
  /**
   * A header the hosting platform sets itself, overwriting what the client sent
   * (e.g. cf-connecting-ip on Supabase). When given it is the only source.
   */
  platformHeader?: string
}

/** "10.0.0.1, 192.168.0.0/16, ::1" → ranges; an entry that is neither an address nor a range is an error. */
export function parseTrustedProxies(value: string | undefined): AddressRange[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  return entries.map((entry) => {
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry)) throw new Error(`TRUST_PROXY: "${entry}" is not an address range`)
      const [address, bits] = ipaddr.parseCIDR(entry)
      return normalisedRange(address, bits)
    }
    if (!ipaddr.isValid(entry)) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address`)
    const address = ipaddr.process(entry)
    return [address, address.kind() === 'ipv4' ? 32 : 128]
  })
}

/**
 * The address to count: the platform's header when configured; else the TCP
 * peer (`peer`), unless the peer is a trusted proxy, in which case the right-most
 * X-Forwarded-For hop that is not itself a trusted proxy.
 */
export function clientIpOf(req: Request, peer: string | undefined, rules: ClientIpRules): string {
  if (rules.platformHeader) {
    // Without the header (a route that skips the platform's edge) every such
    // request shares one bucket: limited together rather than trusted apart.
    return canonical(req.headers.get(rules.platformHeader)?.trim() || '') ?? 'unknown'
  }
  let client = canonical(peer ?? '')
  if (client === null) return 'unknown'
  if (!isTrusted(client, rules.trustedProxies)) return client
  const hops = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '')
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = canonical(hops[i])
    // Garbage where an address should be cannot be vouched for: count it as it stands.
    if (hop === null) return hops[i]
    client = hop
    if (!isTrusted(hop, rules.trustedProxies)) return hop
  }
  return client
}

/** Salted SHA-256 (hex) of any identifier that must be countable but not readable. */
export async function saltedHash(value: string, salt: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\u0000${value}`))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** One spelling per address: "::ffff:192.0.2.1" and "192.0.2.1" are the same client. */
function canonical(text: string): string | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
  if (!ipaddr.isValid(bare)) return null
  return ipaddr.process(bare).toNormalizedString()
}

function isTrusted(address: string, ranges: readonly AddressRange[]): boolean {
  const parsed = ipaddr.process(address)
  return ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))
}

function normalisedRange(address: Address, bits: number): AddressRange {
  // An IPv4-mapped IPv6 range ("::ffff:10.0.0.0/104") is the IPv4 range it maps.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96]
  }
  return [address, bits]
}
