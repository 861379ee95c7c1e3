/** Token ids revoked by logout, checked by the guard after the signature. */
export interface TokenRevocationList {
  isRevoked(tokenId: string): Promise<boolean>;
}

export const TOKEN_REVOCATION_LIST = Symbol('TOKEN_REVOCATION_LIST');

/**
 * Asks admin-service (which owns sessions) whether a token id is revoked, over the internal API;
 * answers are cached briefly so a busy list does not cost one call per request. When admin-service
 * cannot answer, the token is refused (fail closed).
 */
export class HttpTokenRevocationList implements TokenRevocationList {
  private readonly cache = new Map<string, { revoked: boolean; until: number }>();

  constructor(
    private readonly adminServiceUrl: string,
    private readonly internalToken: string,
    private readonly cacheMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  async isRevoked(tokenId: string): Promise<boolean> {
    const cached = this.cache.get(tokenId);
    if (cached && cached.until > this.now()) return cached.revoked;
    try {
      const response = await fetch(`${this.adminServiceUrl}/internal/auth/tokens/${encodeURIComponent(tokenId)}`, {
        headers: { 'x-internal-token': this.internalToken },
        signal: AbortSignal.timeout(2_000),
      });
      if (!response.ok) return true;
      const body = (await response.json()) as { revoked?: unknown };
      const revoked = body.revoked !== false;
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(tokenId, { revoked, until: this.now() + this.cacheMs });
      return revoked;
    } catch {
      return true;
    }
  }
}
