export type ForwardedRequest = {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
  socket?: { remoteAddress?: string };
};

/**
 * The client address: behind `hops` proxies (the edge, the Ingress) it is the entry those
 * proxies appended to X-Forwarded-For, counted from the right; entries further left were
 * written by the client and are not trusted.
 */
export function clientAddress(request: ForwardedRequest, hops: number): string {
  const direct = request.socket?.remoteAddress ?? request.ip ?? 'unknown';
  if (hops === 0) return direct;
  const header = request.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length >= hops ? (entries[entries.length - hops] ?? direct) : direct;
}
