/** Addresses and hosts: loopback or not, and whether the backend is reachable from other machines. */
import { isIP } from 'node:net';

/** IPv4-mapped IPv6 (::ffff:127.0.0.1) as plain IPv4; anything else as given. */
export function normalizeAddress(address: string): string {
  const a = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped ? mapped[1]! : a.toLowerCase();
}

export function isLoopbackAddress(address: string): boolean {
  const a = normalizeAddress(address);
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}

/** A host name or address a server listens on, or a URL's host: is it loopback only? */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || isLoopbackAddress(h);
}

/**
 * Where the backend can be reached from other machines: it listens on, or is published at (PUBLIC_URL), an address
 * that is not loopback. There the demo defaults that make local development easy would hand the project to anyone.
 */
export function isExposed(config: { host: string; publicUrl?: string }): boolean {
  if (!isLoopbackHost(config.host)) return true;
  if (!config.publicUrl) return false;
  try {
    return !isLoopbackHost(new URL(config.publicUrl).hostname);
  } catch {
    return true;
  }
}
