/**
 * The scrypt cost of new password hashes: OWASP's Password Storage Cheat Sheet recommends
 * N=2^17, r=8, p=1 (128 MiB of memory and a noticeable fraction of a second of one core per hash:
 * docs/benchmarks.md). Fixed here, not
 * configurable: a stored hash carries its own parameters (password.ts), and hashes made with less
 * are redone at the next successful sign-in.
 *
 * The unit tests replace this module (tests/setup/fast-passwords.ts) with a cheap cost so that the
 * many accounts they create stay fast; tests/auth/password.test.ts checks the real one.
 */
export interface TScryptCost {
  /** CPU/memory cost, a power of 2. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
}

export const PASSWORD_COST: TScryptCost = { N: 2 ** 17, r: 8, p: 1 };
