/**
 * Addresses and hosts: loopback or not, whether the backend is reachable from other machines, and who sent a
 * request — the socket's peer address, or, only when that peer is a configured trusted proxy, the nearest address in
 * X-Forwarded-For that is not itself a trusted proxy (entries further left can be made up by the client). Rate
 * limits, the mail catcher's loopback rule and the client address functions and REST get key on it.
 */
import { BlockList, isIP } from 'node:net';

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
  const h = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
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

export interface ClientAddress {
  /** The client's address as far as it can be trusted. */
  address: string;
  /** The request carries forwarding headers that were not honoured (it came through a proxy that is not trusted). */
  forwardedByUntrusted: boolean;
}

type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | null {
  if (typeof (headers as { get?: unknown }).get === 'function')
    return (headers as { get(n: string): string | null }).get(name);
  const v = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v.join(', ') : (v ?? null);
}

export class ClientAddresses {
  private readonly trusted = new BlockList();
  private readonly any: boolean;

  /** `trustedProxies`: addresses or CIDR ranges, IPv4 or IPv6 ('127.0.0.1', '10.0.0.0/8', '::1'). */
  constructor(trustedProxies: string[] = []) {
    for (const raw of trustedProxies) {
      const [addr, bits] = raw.trim().split('/') as [string, string | undefined];
      const a = normalizeAddress(addr);
      const family = isIP(a) === 6 ? 'ipv6' : isIP(a) === 4 ? 'ipv4' : null;
      if (!family) throw new Error(`TRUSTED_PROXIES: "${raw}" is not an IP address or CIDR range`);
      if (bits === undefined) this.trusted.addAddress(a, family);
      else this.trusted.addSubnet(a, Number(bits), family);
    }
    this.any = trustedProxies.length > 0;
  }

  isTrusted(address: string): boolean {
    if (!this.any) return false;
    const a = normalizeAddress(address);
    const family = isIP(a);
    return family !== 0 && this.trusted.check(a, family === 6 ? 'ipv6' : 'ipv4');
  }

  of(remoteAddress: string | undefined, headers: HeaderSource): ClientAddress {
    const peer = normalizeAddress(remoteAddress ?? '');
    const xff = header(headers, 'x-forwarded-for');
    const forwarded = !!(xff || header(headers, 'forwarded') || header(headers, 'x-real-ip'));
    if (!this.isTrusted(peer)) return { address: peer, forwardedByUntrusted: forwarded };
    const hops = (xff ?? '')
      .split(',')
      .map((h) => normalizeAddress(h))
      .filter((h) => isIP(h) !== 0);
    for (let i = hops.length - 1; i >= 0; i--)
      if (!this.isTrusted(hops[i]!)) return { address: hops[i]!, forwardedByUntrusted: false };
    return { address: hops[0] ?? peer, forwardedByUntrusted: false };
  }
}
