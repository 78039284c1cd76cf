import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports it as an ambient const enum, which isolatedModules cannot import.
const ARGON2ID = 2;

/** OWASP's Argon2id minimum for interactive logins: 19 MiB, 2 iterations, 1 lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(input: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(input.hash, input.password);
  } catch {
    // A malformed or foreign hash is a failed sign-in, not a server error.
    return false;
  }
}
