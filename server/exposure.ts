/**
 * The local servers listen on the loopback address unless HOST says otherwise.
 * Reachable from other machines, they hold real visitors' data, so the two
 * settings that have safe-for-localhost defaults must then be given.
 */

export const DEFAULT_HOST = '127.0.0.1'

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}

/** Throws, naming what is missing, when `host` is reachable from outside and the settings are not made. */
export function assertSafeToExpose(host: string, env: Readonly<Record<string, string | undefined>>): void {
  if (isLoopback(host)) return
  const missing = ['IP_HASH_SALT', 'ALLOWED_ORIGINS'].filter((name) => !env[name]?.trim())
  if (missing.length === 0) return
  throw new Error(
    `Refusing to listen on ${host} without ${missing.join(' and ')}: ` +
      'set IP_HASH_SALT to a long random secret and ALLOWED_ORIGINS to the public site origin(s), ' +
      `e.g. https://www.example.com (or listen on ${DEFAULT_HOST}, the default, behind a proxy with TRUST_PROXY).`,
  )
}
