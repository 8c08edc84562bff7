/** Password hashing (argon2id in the server). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for an empty stored hash (an account whose password was never set). */
  verify(storedHash: string, password: string): Promise<boolean>;
}
