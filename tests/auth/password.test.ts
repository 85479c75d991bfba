import { randomBytes, scrypt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkCredentials } from "~/server/auth/credentials";
import { PASSWORD_COST } from "~/server/lib/password-cost";
import { hashPassword, needsRehash, verifyPassword } from "~/server/lib/password";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * Password hashes at the service's real cost (the other test files hash cheaply:
 * tests/setup/fast-passwords.ts): scrypt with OWASP's parameters, in a format that names them,
 * old hashes upgraded at the next successful sign-in, and every check on the thread pool.
 */
vi.unmock("~/server/lib/password-cost");

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

/** A hash in the first format, `scrypt$<salt>$<hash>`, made with Node's defaults (N=2^14, r=8, p=1). */
async function legacyHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await new Promise<Buffer>((resolve, reject) => scrypt(password, salt, 64, (err, key) => (err ? reject(err) : resolve(key))));
  return `scrypt$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** The fastest of three runs of `fn`, in milliseconds: the least disturbed by other work on the machine. */
async function fastest(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return Math.min(...times);
}

describe("password hashes", () => {
  it("are scrypt with N=2^17, r=8, p=1, and say so", async () => {
    expect(PASSWORD_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it("verifies an old-format hash and replaces it at the next successful sign-in, not at a failed one", async () => {
    const password = "an old password";
    const old = await legacyHash(password);
    expect(await verifyPassword(password, old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    const account = await t.db.account.create({ data: { email: "legacy@example.com", passwordHash: old } });

    expect(await checkCredentials(t.db, { email: "legacy@example.com", password: "wrong" }, "192.0.2.10")).toEqual({ kind: "wrong" });
    expect((await t.db.account.findUniqueOrThrow({ where: { id: account.id } })).passwordHash).toBe(old);

    expect(await checkCredentials(t.db, { email: "legacy@example.com", password }, "192.0.2.10")).toMatchObject({ kind: "ok" });
    const upgraded = (await t.db.account.findUniqueOrThrow({ where: { id: account.id } })).passwordHash!;
    expect(upgraded).toMatch(/^scrypt\$N=131072,r=8,p=1\$/);
    expect(await verifyPassword(password, upgraded)).toBe(true);
    // The next sign-in verifies the new hash and leaves it as it is.
    expect(await checkCredentials(t.db, { email: "legacy@example.com", password }, "192.0.2.10")).toMatchObject({ kind: "ok" });
    expect((await t.db.account.findUniqueOrThrow({ where: { id: account.id } })).passwordHash).toBe(upgraded);
  });

  it("refuses an unknown e-mail after as much work as a wrong password for a real account", async () => {
    const hash = await hashPassword("the real password");
    const known = await fastest(() => verifyPassword("a guess", hash));
    const unknown = await fastest(() => verifyPassword("a guess", undefined));
    // A refusal without scrypt would take well under a millisecond; the bounds leave room for a busy machine.
    expect(unknown).toBeGreaterThan(known * 0.3);
    expect(unknown).toBeLessThan(known * 3);
  });

  it("leaves the event loop free while it hashes and verifies", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      const started = performance.now();
      const hash = await hashPassword("the real password");
      await verifyPassword("the real password", hash);
      const elapsed = performance.now() - started;
      // Two scrypt runs at N=2^17 take hundreds of milliseconds; a timer every 5 ms fires all along.
      expect(elapsed).toBeGreaterThan(100);
      // Were scrypt run on the event loop, no timer would fire until it ended.
      expect(ticks).toBeGreaterThan(elapsed / 5 / 10);
    } finally {
      clearInterval(timer);
    }
  });

  it("refuses damaged hashes without running scrypt on their parameters", async () => {
    for (const stored of [
      "scrypt$$",
      "scrypt$N=1073741824,r=8,p=1$AAAA$AAAA",
      "scrypt$N=131072,r=64,p=1$AAAA$AAAA",
      "scrypt$N=131072,r=8$AAAA$AAAA",
    ]) {
      expect(await verifyPassword("x", stored), stored).toBe(false);
      expect(needsRehash(stored), stored).toBe(false);
    }
  });
});
