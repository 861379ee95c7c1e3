// Prints a fresh Ed25519 key pair for admin tokens as the two env lines JWT_PRIVATE_KEY (admin-service
// only) and JWT_PUBLIC_KEYS (every service). Usage: node tools/auth/generate-admin-token-keys.mjs [kid]
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

export function generateAdminTokenKeys(kid = `k-${new Date().toISOString().slice(0, 10)}-${randomBytes(3).toString('hex')}`) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    JWT_PRIVATE_KEY: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid }),
    JWT_PUBLIC_KEYS: JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid }] }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const keys = generateAdminTokenKeys(process.argv[2]);
  process.stdout.write(`JWT_PRIVATE_KEY=${keys.JWT_PRIVATE_KEY}\nJWT_PUBLIC_KEYS=${keys.JWT_PUBLIC_KEYS}\n`);
}
