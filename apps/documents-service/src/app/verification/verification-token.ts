import { DOCUMENT_KINDS, type DocumentKind } from '@kbe/contracts';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a document's QR code vouches for. */
export interface VerificationClaims {
  candidateCode: string;
  kind: DocumentKind;
  edition: number;
}

const KIND_CODES: Record<DocumentKind, string> = { 'hall-ticket': 'H', certificate: 'C' };

/**
 * Short signed tokens for the QR link: `<code>.<H|C>.<edition>.<HMAC-SHA256, base64url, 128 bits>`.
 * Short keeps the QR code small and easy to scan; the MAC makes any change detectable.
 */
export class VerificationTokens {
  constructor(private readonly secret: string) {}

  /** Identifies the key without revealing it (part of the PDF cache version). */
  get keyId(): string {
    return createHash('sha256').update(`kid:${this.secret}`).digest('hex').slice(0, 12);
  }

  sign(claims: VerificationClaims): string {
    const body = `${claims.candidateCode}.${KIND_CODES[claims.kind]}.${claims.edition}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a genuine token; null for anything altered or malformed. */
  verify(token: string): VerificationClaims | null {
    const match = /^([A-Z0-9]{1,20})\.([HC])\.(\d{4})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!match) return null;
    const [, candidateCode = '', kindCode, edition = '', mac = ''] = match;
    const expected = Buffer.from(this.mac(`${candidateCode}.${kindCode}.${edition}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const kind = DOCUMENT_KINDS.find((candidate) => KIND_CODES[candidate] === kindCode);
    return kind ? { candidateCode, kind, edition: Number(edition) } : null;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest().subarray(0, 16).toString('base64url');
  }
}
