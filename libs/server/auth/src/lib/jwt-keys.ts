import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { SigningKey } from './auth.options';

/**
 * Admin token keys travel in the environment as JSON Web Keys (Ed25519, `kty: OKP`):
 * `JWT_PUBLIC_KEYS` is a JWK set `{ "keys": [...] }` (every guarding service), `JWT_PRIVATE_KEY`
 * one private JWK with its `kid` (admin-service only).
 */
export function parsePublicKeySet(json: string): Map<string, KeyObject> {
  const parsed = JSON.parse(json) as { keys?: (JsonWebKey & { kid?: string })[] };
  if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new Error('must be a JWK set with at least one key');
  const keys = new Map<string, KeyObject>();
  for (const jwk of parsed.keys) {
    if (!jwk.kid || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') throw new Error('every key needs a kid and must be an Ed25519 (OKP) key');
    const publicPart: JsonWebKey = { ...jwk };
    delete publicPart.d;
    keys.set(jwk.kid, createPublicKey({ key: publicPart, format: 'jwk' }));
  }
  return keys;
}

export function parsePrivateKey(json: string): SigningKey {
  const jwk = JSON.parse(json) as JsonWebKey & { kid?: string };
  if (!jwk.kid || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.d) {
    throw new Error('must be a private Ed25519 JWK (kty OKP, crv Ed25519, d) with a kid');
  }
  return { kid: jwk.kid, privateKey: createPrivateKey({ key: jwk, format: 'jwk' }) };
}

/** A fresh Ed25519 key pair as the two env values (dev profile, tests). */
export function generateAdminTokenKeys(kid = `k-${randomBytes(6).toString('hex')}`): {
  JWT_PRIVATE_KEY: string;
  JWT_PUBLIC_KEYS: string;
} {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    JWT_PRIVATE_KEY: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid }),
    JWT_PUBLIC_KEYS: JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid }] }),
  };
}
