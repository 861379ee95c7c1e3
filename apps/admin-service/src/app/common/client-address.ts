/** The client's address: the entry `hops` places from the end of X-Forwarded-For (the edge appends one), else the socket's. */
export function clientAddress(
  request: { headers: Record<string, unknown>; socket?: { remoteAddress?: string }; ip?: string },
  trustedHops: number,
): string {
  const socket = request.socket?.remoteAddress ?? request.ip ?? 'unknown';
  const header = request.headers['x-forwarded-for'];
  if (trustedHops === 0 || typeof header !== 'string') return socket;
  const chain = header.split(',').map((part) => part.trim()).filter(Boolean);
  return chain[chain.length - trustedHops] ?? chain[0] ?? socket;
}
