import type { PasswordHasher } from '@t0/contracts/server';
import argon2 from 'argon2';

/** argon2id with the library's recommended cost. */
export function createArgon2Hasher(): PasswordHasher {
  return {
    hash: (password) => argon2.hash(password, { type: argon2.argon2id }),
    async verify(storedHash, password) {
      if (!storedHash) return false;
      try {
        return await argon2.verify(storedHash, password);
      } catch {
        return false;
      }
    },
  };
}
