import { isIP } from 'node:net';

/** What `clientAddress` reads of a request (an Express request has it). */
export type ForwardedRequest = {
  headers: Record<string, unknown>;
  socket?: { remoteAddress?: string };
};

/** The answer when no address in the trusted part of the chain can be read. */
const UNKNOWN_CLIENT_ADDRESS = 'unknown';

/**
 * The address of the client behind `trustedHops` proxies (TRUSTED_PROXY_HOPS: the edge, the
 * Ingress), which every per-client limit, lock-out and audit entry is keyed on.
 *
 * The chain is the X-Forwarded-For entries (several headers in their order, comma-separated)
 * followed by the socket's peer. Each trusted proxy appends the address of whoever connected to
 * it, so, counting from the right from 0, position 0 is the socket, positions 1 to N-1 are the
 * inner proxies and position N is what the outermost trusted proxy saw: the client. Everything
 * left of position N is the client's own header, so it is never read, however it is spelt.
 *
 * - N = 0: the socket's address; X-Forwarded-For is ignored.
 * - A chain shorter than N + 1 cannot have come through all N proxies: the request skipped some
 *   (an in-cluster caller, or TRUSTED_PROXY_HOPS set too high). Then the left-most entry: the
 *   address the outermost proxy on its way saw, rather than the innermost proxy's address for
 *   every such request (one lock-out and one rate limit shared by all). A client able to skip a
 *   trusted proxy can write as many entries as it likes and so reach position N under any
 *   counting rule; that nothing but the edge is reachable from outside is the network's job.
 * - The entry at the client's position is not an address (empty, `unknown`, garbage): the next
 *   readable entry to its right, which a trusted proxy wrote, then the socket, then `unknown`.
 *   Never an entry to its left.
 *
 * Addresses come back bare: surrounding blanks, a port (`1.2.3.4:5678`, `[2001:db8::1]:443`) and
 * brackets removed, IPv6 in canonical form (`2001:DB8:0::1` -> `2001:db8::1`), IPv4-mapped IPv6
 * as IPv4 (`::ffff:1.2.3.4` -> `1.2.3.4`), so one client has one key whichever way it arrives.
 */
export function clientAddress(request: ForwardedRequest, trustedHops: number): string {
  const chain = [...forwardedFor(request.headers['x-forwarded-for']), request.socket?.remoteAddress];
  for (let position = Math.max(0, chain.length - 1 - trustedHops); position < chain.length; position++) {
    const address = bareAddress(chain[position]);
    if (address) return address;
  }
  return UNKNOWN_CLIENT_ADDRESS;
}

/** The entries of X-Forwarded-For, blanks and empty ones kept so positions are not shifted. */
function forwardedFor(header: unknown): string[] {
  const values = Array.isArray(header) ? header : [header];
  return values.filter((value): value is string => typeof value === 'string').flatMap((value) => value.split(','));
}

/** `entry` as a bare IP address, or null when it is none. */
function bareAddress(entry: string | undefined): string | null {
  const text = entry?.trim() ?? '';
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  const address = bracketed?.[1] ?? withPort?.[1] ?? text;
  switch (isIP(address)) {
    case 4:
      return address;
    case 6:
      return canonicalIpv6(address);
    default:
      return null;
  }
}

function canonicalIpv6(address: string): string {
  const [host = '', zone] = address.split('%');
  let canonical: string;
  try {
    canonical = new URL(`http://[${host}]`).hostname.slice(1, -1);
  } catch {
    canonical = host.toLowerCase();
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const [high, low] = [parseInt(mapped[1] ?? '0', 16), parseInt(mapped[2] ?? '0', 16)];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return zone === undefined ? canonical : `${canonical}%${zone}`;
}
