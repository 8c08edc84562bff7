import type { PasswordHasher } from '@t0/server';
import argon2 from 'argon2';

/** The cost knobs of argon2id (memory in KiB, passes, lanes). */
export interface Argon2Cost {
  memoryCost?: number;
  timeCost?: number;
  parallelism?: number;
}

/** argon2id's lowest cost (1 MiB, 1 pass, 1 lane): PASSWORD_HASH_COST=minimal, for test runs only. */
export const MINIMAL_ARGON2_COST: Argon2Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/**
 * argon2id with the library's recommended cost (64 MiB, 3 passes, 4 lanes) unless given another.
 * Test runs use the minimal cost so that thousands of sign-ups do not each spend half a second of
 * CPU; production refuses it (config.ts). Verification reads the cost from the stored hash.
 */
export function createArgon2Hasher(cost: Argon2Cost = {}): PasswordHasher {
  return {
    hash: (password) => argon2.hash(password, { ...cost, type: argon2.argon2id }),
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
