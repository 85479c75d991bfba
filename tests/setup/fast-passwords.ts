import { vi } from "vitest";

/**
 * Password hashes in the unit tests cost N=2^10 instead of the service's N=2^17
 * (server/lib/password-cost.ts): many tests create accounts with passwords and sign in, and at
 * the real cost each hash takes a sizeable share of a second of CPU (docs/benchmarks.md) and
 * 128 MiB. The service itself has no way to lower its cost; tests/auth/password.test.ts undoes
 * this replacement and checks the real cost.
 */
vi.mock("~/server/lib/password-cost", () => ({ PASSWORD_COST: { N: 2 ** 10, r: 8, p: 1 } }));
