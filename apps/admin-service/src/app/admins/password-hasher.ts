import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import bcrypt from 'bcryptjs';

export interface PasswordCheck {
  matches: boolean;
  /** The stored hash is of an older kind or weaker settings: store `hash(password)` instead. */
  needsRehash: boolean;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<PasswordCheck>;
}

export const PASSWORD_HASHER = Symbol('PASSWORD_HASHER');

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** argon2id for new hashes; bcrypt hashes of older accounts still verify and are flagged for re-hashing. */
@Injectable()
export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(password: string, hash: string): Promise<PasswordCheck> {
    if (/^\$2[aby]\$/.test(hash)) return { matches: await bcrypt.compare(password, hash), needsRehash: true };
    if (!hash.startsWith('$argon2')) return { matches: false, needsRehash: false };
    try {
      const matches = await argon2.verify(hash, password);
      return { matches, needsRehash: matches && argon2.needsRehash(hash, ARGON2_OPTIONS) };
    } catch {
      return { matches: false, needsRehash: false };
    }
  }
}
