import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const FILE_LINK_TTL_SECONDS = 10 * 60;

/**
 * Short-lived links to a candidate's photo and signature, handed to admins in list answers.
 * An `<img>` cannot send the Bearer header, so the link carries an expiry and an HMAC instead.
 */
export class FileLinkSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHash('sha256').update(`kbe-file-links:${secret}`).digest();
  }

  link(candidateCode: string, file: 'photo' | 'signature'): string {
    const expires = Math.floor(this.now() / 1000) + FILE_LINK_TTL_SECONDS;
    return `/api/admin/files/${candidateCode}/${file}?expires=${expires}&signature=${this.sign(candidateCode, file, expires)}`;
  }

  isValid(candidateCode: string, file: string, expires: string, signature: string): boolean {
    const expiry = Number(expires);
    if (!Number.isInteger(expiry) || expiry < this.now() / 1000) return false;
    const expected = Buffer.from(this.sign(candidateCode, file, expiry));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(candidateCode: string, file: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${candidateCode}/${file}/${expires}`).digest('base64url');
  }
}

export const FILE_LINK_SIGNER = Symbol('FILE_LINK_SIGNER');
