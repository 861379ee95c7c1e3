import { createHmac } from 'node:crypto';
import { AdminTokenIssuer } from './admin-token.issuer';
import { AdminTokenVerifier } from './admin-token.verifier';
import type { AuthOptions } from './auth.options';
import { generateAdminTokenKeys, parsePrivateKey, parsePublicKeySet } from './jwt-keys';

const keys = generateAdminTokenKeys('k-1');
const options: AuthOptions = {
  issuer: 'kbe-admin-service',
  audience: 'kbe',
  publicKeys: parsePublicKeySet(keys.JWT_PUBLIC_KEYS),
  internalApiToken: 'x'.repeat(24),
  signing: { key: parsePrivateKey(keys.JWT_PRIVATE_KEY), expiresInSeconds: 600 },
};
const now = 1_760_000_000;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const verifier = new AdminTokenVerifier(options);
const issue = (overrides: Partial<AuthOptions> = {}, at = now) => new AdminTokenIssuer({ ...options, ...overrides }).issue('chief', 'viewer', at).token;

describe('AdminTokenVerifier', () => {
  it('accepts a token of the current key and returns its claims', () => {
    expect(verifier.verify(issue(), now + 10)).toMatchObject({ sub: 'chief', role: 'viewer', iat: now, exp: now + 600 });
  });

  it('keeps verifying tokens of an older key listed beside the new one (key roll-over)', () => {
    const next = generateAdminTokenKeys('k-2');
    const both = new Map([...parsePublicKeySet(keys.JWT_PUBLIC_KEYS), ...parsePublicKeySet(next.JWT_PUBLIC_KEYS)]);
    const rolled = new AdminTokenVerifier({ ...options, publicKeys: both });
    expect(rolled.verify(issue(), now).sub).toBe('chief');
    expect(rolled.verify(issue({ signing: { key: parsePrivateKey(next.JWT_PRIVATE_KEY), expiresInSeconds: 600 } }), now).sub).toBe('chief');
  });

  it.each([
    ['expired', () => issue({}, now - 601)],
    ['issued in the future', () => issue({}, now + 3600)],
    ['from another issuer', () => issue({ issuer: 'someone-else' })],
    ['for another audience', () => issue({ audience: 'other' })],
    ['signed by another key with the same kid', () => {
      const other = generateAdminTokenKeys('k-1');
      return issue({ signing: { key: parsePrivateKey(other.JWT_PRIVATE_KEY), expiresInSeconds: 600 } });
    }],
    ['unsigned (alg none)', () => `${b64({ alg: 'none', kid: 'k-1' })}.${b64({ iss: 'kbe-admin-service', aud: 'kbe', sub: 'chief', role: 'admin', jti: 'j', iat: now, exp: now + 60 })}.`],
    ['HS256 forged with the public key', () => {
      const input = `${b64({ alg: 'HS256', kid: 'k-1' })}.${b64({ iss: 'kbe-admin-service', aud: 'kbe', sub: 'chief', role: 'admin', jti: 'j', iat: now, exp: now + 60 })}`;
      return `${input}.${createHmac('sha256', keys.JWT_PUBLIC_KEYS).update(input).digest('base64url')}`;
    }],
    ['whose claims were altered (role)', () => {
      return `${issue().split('.')[0]}.${b64({ iss: 'kbe-admin-service', aud: 'kbe', sub: 'chief', role: 'root', jti: 'j', iat: now, exp: now + 60 })}.${issue().split('.')[2]}`;
    }],
    ['not a JWT', () => 'abc'],
  ])('refuses a token %s', (_name, token) => {
    expect(() => verifier.verify(token(), now)).toThrow();
  });
});
