import { CERTIFICATE_KINDS, DOCUMENT_KINDS, EXAM_LEVELS, type CertificateKind, type DocumentKind, type ExamLevel } from '@kbe/contracts';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a certificate of a published result vouches for besides the candidate: kind, level, rank of a merit certificate. */
export interface AwardClaims {
  kind: CertificateKind;
  level: ExamLevel;
  /** Merit certificates only (null for the other kinds). */
  rank: number | null;
}

/** What a document's QR code vouches for. */
export interface VerificationClaims {
  candidateCode: string;
  kind: DocumentKind;
  edition: number;
  /** A certificate of a published result; absent for hall tickets and certificates before results. */
  award?: AwardClaims;
}

const KIND_CODES: Record<DocumentKind, string> = { 'hall-ticket': 'H', certificate: 'C' };
const AWARD_CODES: Record<CertificateKind, string> = { participation: 'P', merit: 'M', qualifying: 'Q' };
const LEVEL_CODES: Record<ExamLevel, string> = { Mains: 'M', Advanced: 'A', 'Super Advanced': 'S' };

const TOKEN = /^([A-Z0-9]{1,20})\.(H|C|C[PMQ][MAS](?:[1-9]\d{0,5})?)\.(\d{4})\.([A-Za-z0-9_-]{22})$/;

/**
 * Short signed tokens for the QR link: `<code>.<type>.<edition>.<HMAC-SHA256, base64url, 128 bits>`.
 * The type is `H` (hall ticket) or `C` (certificate); a certificate of a published result adds its
 * kind (`P`articipation, `M`erit, `Q`ualifying), its level (`M`ains, `A`dvanced, `S`uper Advanced)
 * and a merit certificate's rank: `CMA2` is a merit certificate of the Advanced level, rank 2.
 * Tokens without these (issued before results) verify as they always did. Short keeps the QR code
 * small and easy to scan; the MAC makes any change detectable.
 */
export class VerificationTokens {
  constructor(private readonly secret: string) {}

  /** Identifies the key without revealing it (part of the PDF cache version). */
  get keyId(): string {
    return createHash('sha256').update(`kid:${this.secret}`).digest('hex').slice(0, 12);
  }

  sign(claims: VerificationClaims): string {
    const body = `${claims.candidateCode}.${typeCode(claims)}.${claims.edition}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a genuine token; null for anything altered or malformed. */
  verify(token: string): VerificationClaims | null {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, candidateCode = '', type = '', edition = '', mac = ''] = match;
    const expected = Buffer.from(this.mac(`${candidateCode}.${type}.${edition}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const kind = DOCUMENT_KINDS.find((candidate) => KIND_CODES[candidate] === type.charAt(0));
    if (!kind) return null;
    const claims: VerificationClaims = { candidateCode, kind, edition: Number(edition) };
    if (type.length === 1) return claims;
    const award = CERTIFICATE_KINDS.find((candidate) => AWARD_CODES[candidate] === type.charAt(1));
    const level = EXAM_LEVELS.find((candidate) => LEVEL_CODES[candidate] === type.charAt(2));
    const rank = type.length > 3 ? Number(type.slice(3)) : null;
    // only a merit certificate carries a rank, and it always does
    if (!award || !level || (award === 'merit') !== (rank !== null)) return null;
    return { ...claims, award: { kind: award, level, rank } };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest().subarray(0, 16).toString('base64url');
  }
}

/** `H`, `C`, or a certificate of a published result: `C` + kind + level (+ rank of a merit certificate). */
function typeCode({ kind, award }: VerificationClaims): string {
  if (kind !== 'certificate' || !award) return KIND_CODES[kind];
  const rank = award.kind === 'merit' && award.rank !== null ? String(award.rank) : '';
  if (award.kind === 'merit' && rank === '') throw new Error('A merit certificate carries its rank');
  return `C${AWARD_CODES[award.kind]}${LEVEL_CODES[award.level]}${rank}`;
}
