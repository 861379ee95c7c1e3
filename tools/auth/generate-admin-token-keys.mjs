// Prints a fresh Ed25519 key pair for admin tokens as the two env lines JWT_PRIVATE_KEY (admin-service
// only) and JWT_PUBLIC_KEYS (every service).
// Usage: node tools/auth/generate-admin-token-keys.mjs [--shell] [--prefix NEW_] [--kid <kid>]
//   --shell prints `export NAME='value'` lines for `eval "$(...)"`.
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
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const keys = generateAdminTokenKeys(option('--kid'));
  const prefix = option('--prefix') ?? '';
  for (const [name, value] of Object.entries(keys)) {
    // JSON Web Keys hold no single quote, so single quotes make them shell-safe.
    process.stdout.write(args.includes('--shell') ? `export ${prefix}${name}='${value}'\n` : `${prefix}${name}=${value}\n`);
  }
}
