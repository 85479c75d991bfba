import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCredentials } from "~/server/auth/credentials";
import { beginSignin, emailKey, pruneSigninThrottle, SIGNIN_LIMITS, signinSucceeded } from "~/server/auth/signin-limit";
import { createUser } from "~/server/domain/accounts/accounts";
import { resetEnvCache } from "~/server/env";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * The password sign-in limit (server/auth/signin-limit.ts, server/auth/credentials.ts) on the
 * database under test: 5 failures per e-mail or 30 per client address within 15 minutes lock
 * further attempts until the window passes. The clock is the `now` each call is given.
 */

let t: TTestDb;
const PASSWORD = "correct horse battery";
const T0 = Date.parse("2026-03-02T10:00:00.000Z");
const at = (minutes: number, ms = 0) => new Date(T0 + minutes * 60_000 + ms);

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

async function user(email: string): Promise<string> {
  await createUser(t.db, { email, password: PASSWORD });
  return email;
}

const attempt = (email: string, password: string, address: string, now: Date) => checkCredentials(t.db, { email, password }, address, now);

async function failuresOf(scope: "email" | "address", key: string): Promise<Date[]> {
  const row = await t.db.signinThrottle.findUnique({ where: { scope_key: { scope, key } } });
  return row?.failures ?? [];
}

describe("password sign-in limit", () => {
  it("locks an e-mail after 5 failures: the 6th attempt, with the right password, is refused with the seconds left", async () => {
    const email = await user("lock@example.com");
    for (let i = 0; i < 5; i++) expect(await attempt(email, "wrong", "192.0.2.1", at(i))).toEqual({ kind: "wrong" });
    // Five failures at minutes 0..4: the first leaves the window at minute 15, ten minutes on.
    expect(await attempt(email, PASSWORD, "192.0.2.1", at(5))).toEqual({ kind: "throttled", scope: "email", retryAfterSeconds: 600 });
    // From another address too, and with the e-mail typed differently: the key is the normalised e-mail.
    expect(await attempt("  LOCK@Example.com ", PASSWORD, "192.0.2.2", at(14, 59_500))).toEqual({
      kind: "throttled",
      scope: "email",
      retryAfterSeconds: 1,
    });
    // Refusals are not failures: still exactly five recorded.
    expect(await failuresOf("email", emailKey(email))).toHaveLength(5);
  });

  it("unlocks when the window passes, one failure at a time (a sliding window)", async () => {
    const email = await user("window@example.com");
    for (let i = 0; i < 5; i++) await attempt(email, "wrong", "192.0.2.3", at(i));
    expect(await attempt(email, PASSWORD, "192.0.2.3", at(14, 59_999))).toMatchObject({ kind: "throttled" });
    // At minute 15 the failure of minute 0 has left the window: four remain, one more try.
    expect(await attempt(email, "still wrong", "192.0.2.3", at(15))).toEqual({ kind: "wrong" });
    // Five again (minutes 1..4 and 15): locked until minute 16.
    expect(await attempt(email, PASSWORD, "192.0.2.3", at(15, 1000))).toEqual({ kind: "throttled", scope: "email", retryAfterSeconds: 59 });
    const ok = await attempt(email, PASSWORD, "192.0.2.3", at(16));
    expect(ok).toMatchObject({ kind: "ok", account: { email } });
  });

  it("never locks another e-mail: the other account signs in from the same address", async () => {
    const locked = await user("victim@example.com");
    const other = await user("bystander@example.com");
    for (let i = 0; i < 5; i++) await attempt(locked, "wrong", "192.0.2.4", at(0, i));
    expect(await attempt(locked, PASSWORD, "192.0.2.4", at(1))).toMatchObject({ kind: "throttled", scope: "email" });
    expect(await attempt(other, PASSWORD, "192.0.2.4", at(1))).toMatchObject({ kind: "ok", account: { email: other } });
    expect(await attempt(other, "wrong", "192.0.2.4", at(1))).toEqual({ kind: "wrong" });
  });

  it("locks an address after 30 failures across e-mails, and only that address", async () => {
    const target = await user("target@example.com");
    // 30 failures over 10 e-mails (3 each, under the e-mail limit), unknown accounts included.
    for (let i = 0; i < 30; i++)
      expect(await attempt(`guess${i % 10}@example.com`, "wrong", "198.51.100.7", at(0, i * 1000))).toEqual({ kind: "wrong" });
    expect(await attempt(target, PASSWORD, "198.51.100.7", at(2))).toEqual({
      kind: "throttled",
      scope: "address",
      retryAfterSeconds: 13 * 60,
    });
    expect(await attempt("guess0@example.com", "wrong", "198.51.100.7", at(2))).toMatchObject({ kind: "throttled", scope: "address" });
    // The refused attempt left no failure on the e-mail (its entry was rolled back with the address's).
    expect(await failuresOf("email", emailKey(target))).toHaveLength(0);
    // Another address is not concerned.
    expect(await attempt(target, PASSWORD, "198.51.100.8", at(2))).toMatchObject({ kind: "ok" });
    // The window passing unlocks the address.
    expect(await attempt(target, PASSWORD, "198.51.100.7", at(15))).toMatchObject({ kind: "ok" });
  });

  it("counts a success as no failure, and leaves the e-mail's earlier failures in place", async () => {
    const email = await user("typos@example.com");
    for (let i = 0; i < 4; i++) await attempt(email, "wrong", "192.0.2.5", at(0, i));
    for (let i = 0; i < 3; i++) expect(await attempt(email, PASSWORD, "192.0.2.5", at(1, i))).toMatchObject({ kind: "ok" });
    expect(await failuresOf("email", emailKey(email))).toHaveLength(4);
    expect(await failuresOf("address", "192.0.2.5")).toHaveLength(4);
    expect(await attempt(email, "wrong", "192.0.2.5", at(2))).toEqual({ kind: "wrong" });
    expect(await attempt(email, PASSWORD, "192.0.2.5", at(3))).toMatchObject({ kind: "throttled", scope: "email" });
  });

  it("lets exactly the limit of parallel attempts through to the password check", async () => {
    const email = await user("parallel@example.com");
    const gates = await Promise.all(Array.from({ length: 20 }, () => beginSignin(t.db, { email, address: "203.0.113.1" }, at(0))));
    expect(gates.filter((g) => g.allowed)).toHaveLength(SIGNIN_LIMITS.email);
    expect(gates.filter((g) => !g.allowed && g.scope === "email" && g.retryAfterSeconds === 900)).toHaveLength(15);
    expect(await failuresOf("email", emailKey(email))).toHaveLength(5);

    // Through the whole check, with wrong passwords (the password hashing runs in parallel too).
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt("parallel2@example.com", "wrong", "203.0.113.2", at(0))));
    expect(results.filter((r) => r.kind === "wrong")).toHaveLength(5);
    expect(results.filter((r) => r.kind === "throttled")).toHaveLength(7);
  });

  it("counts parallel attempts on one address exactly, and those it refuses leave their e-mails untouched", async () => {
    const gates = await Promise.all(
      Array.from({ length: 40 }, (_, i) => beginSignin(t.db, { email: `spray${i}@example.com`, address: "203.0.113.3" }, at(0))),
    );
    const refused = gates.flatMap((g, i) => (g.allowed ? [] : [{ i, g }]));
    expect(gates.length - refused.length).toBe(SIGNIN_LIMITS.address);
    expect(refused.every(({ g }) => !g.allowed && g.scope === "address")).toBe(true);
    expect(await failuresOf("address", "203.0.113.3")).toHaveLength(30);
    for (const { i } of refused) expect(await failuresOf("email", emailKey(`spray${i}@example.com`))).toHaveLength(0);
  });

  it("keeps exact counts under mixed parallel traffic: right and wrong passwords, shared e-mails and addresses, pruning", async () => {
    const emails = await Promise.all(["mixed-a@example.com", "mixed-b@example.com", "mixed-c@example.com"].map(user));
    const addresses = ["203.0.113.10", "203.0.113.11"];
    const jobs = Array.from({ length: 36 }, (_, i) => ({ email: emails[i % 3]!, address: addresses[i % 2]!, right: i % 4 === 0 }));
    const results = await Promise.all([
      ...jobs.map((j, i) => attempt(j.email, j.right ? PASSWORD : `wrong-${i}`, j.address, at(200, i))),
      pruneSigninThrottle(t.db, at(200)),
      pruneSigninThrottle(t.db, at(200, 5)),
    ]);
    const outcomes = results.slice(0, jobs.length) as Awaited<ReturnType<typeof attempt>>[];
    for (const email of emails) {
      const mine = outcomes.filter((_, i) => jobs[i]!.email === email);
      const wrong = mine.filter((r) => r.kind === "wrong").length;
      expect(wrong).toBeLessThanOrEqual(SIGNIN_LIMITS.email);
      // Every failure recorded, every success and refusal not: the row holds exactly the failures.
      expect(await failuresOf("email", emailKey(email))).toHaveLength(wrong);
    }
    for (const address of addresses) {
      const wrong = outcomes.filter((r, i) => jobs[i]!.address === address && r.kind === "wrong").length;
      expect(await failuresOf("address", address)).toHaveLength(wrong);
    }
    // The right passwords (3 per e-mail) all get through or are refused: none is counted as wrong.
    // (While one is being checked it holds a place, so a wrong one may be refused meanwhile.)
    expect(outcomes.filter((r, i) => jobs[i]!.right && r.kind === "wrong")).toHaveLength(0);
  });

  it("takes out only the succeeding attempt's entry when parallel attempts share a millisecond", async () => {
    const who = { email: "same-ms@example.com", address: "203.0.113.4" };
    const [a, b] = await Promise.all([beginSignin(t.db, who, at(0)), beginSignin(t.db, who, at(0))]);
    if (!a?.allowed || !b?.allowed) throw new Error("both attempts should be allowed");
    await signinSucceeded(t.db, a.ticket);
    expect(await failuresOf("email", emailKey(who.email))).toEqual([at(0)]);
    expect(await failuresOf("address", who.address)).toEqual([at(0)]);
  });

  it("deletes the rows whose failures have all left the window", async () => {
    const who = { email: "prune@example.com", address: "203.0.113.5" };
    await pruneSigninThrottle(t.db, at(60)); // the other cases' rows
    await beginSignin(t.db, who, at(100));
    await beginSignin(t.db, who, at(101));
    expect(await pruneSigninThrottle(t.db, at(115, 59_999))).toBe(0);
    expect(await t.db.signinThrottle.count({ where: { key: { in: [emailKey(who.email), who.address] } } })).toBe(2);
    expect(await pruneSigninThrottle(t.db, at(116))).toBe(2);
    expect(await t.db.signinThrottle.count({ where: { key: { in: [emailKey(who.email), who.address] } } })).toBe(0);
  });

  it("logs a refusal without the e-mail or the password", async () => {
    const email = await user("quiet@example.com");
    for (let i = 0; i < 5; i++) await attempt(email, `wrong-${i}`, "192.0.2.6", at(0, i));
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "debug";
    resetEnvCache();
    process.stderr.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      expect(await attempt(email, PASSWORD, "192.0.2.6", at(1))).toMatchObject({ kind: "throttled" });
    } finally {
      process.stderr.write = write;
      process.env.LOG_LEVEL = level;
      resetEnvCache();
    }
    const log = written.join("");
    expect(log).toContain("too many failed attempts");
    expect(log).toContain(emailKey(email).slice(0, 16));
    expect(log).not.toMatch(/quiet@example\.com/i);
    expect(log).not.toContain(PASSWORD);
  });
});

describe("device cookies", () => {
  const SECRET = "a test secret of enough length";
  const withDevice = (email: string, password: string, address: string, now: Date, cookie: string | undefined) =>
    checkCredentials(t.db, { email, password }, address, now, SIGNIN_LIMITS, { cookie, secret: SECRET });

  it("hands a new device cookie to a browser that signs in without one, and renews the one it brings", async () => {
    const email = await user("device-new@example.com");
    const first = await withDevice(email, PASSWORD, "192.0.2.20", at(0), undefined);
    expect(first).toMatchObject({ kind: "ok", deviceCookie: expect.stringMatching(/^\d+\.[\w-]{22}\.[\w-]{43}$/) });
    const cookie = first.kind === "ok" ? first.deviceCookie : undefined;
    expect(await withDevice(email, PASSWORD, "192.0.2.20", at(1), cookie)).toMatchObject({ kind: "ok", deviceCookie: cookie });
    // Without the device input (no outcome to carry a cookie), none is made.
    expect(await attempt(email, PASSWORD, "192.0.2.20", at(2))).not.toHaveProperty("deviceCookie");
  });

  it("lets a known device sign in while strangers' failures lock the e-mail; its own 5 failures lock only it", async () => {
    const email = await user("device-lock@example.com");
    const ok = await withDevice(email, PASSWORD, "192.0.2.21", at(0), undefined);
    const cookie = ok.kind === "ok" ? ok.deviceCookie : undefined;
    for (let i = 0; i < 5; i++) expect(await attempt(email, "guess", "198.51.100.21", at(1, i))).toEqual({ kind: "wrong" });
    expect(await attempt(email, PASSWORD, "198.51.100.22", at(2))).toMatchObject({ kind: "throttled", scope: "email" });
    expect(await withDevice(email, PASSWORD, "192.0.2.22", at(2), undefined)).toMatchObject({ kind: "throttled", scope: "email" });

    expect(await withDevice(email, PASSWORD, "192.0.2.21", at(3), cookie)).toMatchObject({ kind: "ok" });
    for (let i = 0; i < 5; i++) expect(await withDevice(email, "typo", "192.0.2.21", at(4, i), cookie)).toEqual({ kind: "wrong" });
    expect(await withDevice(email, PASSWORD, "192.0.2.21", at(5), cookie)).toEqual({
      kind: "throttled",
      scope: "device",
      retryAfterSeconds: 14 * 60,
    });
    // The device's failures were not the e-mail's: still exactly the strangers' five.
    expect(await failuresOf("email", emailKey(email))).toHaveLength(5);
  });

  it("treats a forged cookie, or one for another account, as no device", async () => {
    const email = await user("device-forged@example.com");
    const otherEmail = await user("device-forged-other@example.com");
    const ok = await withDevice(otherEmail, PASSWORD, "192.0.2.23", at(0), undefined);
    const othersCookie = ok.kind === "ok" ? ok.deviceCookie! : "";
    const account = await t.db.account.findUniqueOrThrow({ where: { email } });
    const [, nonce, mac] = othersCookie.split(".");
    for (let i = 0; i < 5; i++) await attempt(email, "guess", "198.51.100.23", at(1, i));
    for (const cookie of [othersCookie, `${account.id}.${nonce}.${mac}`, `${account.id}.${"A".repeat(22)}.${"A".repeat(43)}`, "garbage"]) {
      expect(await withDevice(email, PASSWORD, "192.0.2.23", at(2), cookie), cookie).toMatchObject({ kind: "throttled", scope: "email" });
    }
    // Signed with another secret: no device either.
    const foreign = await checkCredentials(t.db, { email: otherEmail, password: PASSWORD }, "192.0.2.23", at(3), SIGNIN_LIMITS, {
      cookie: undefined,
      secret: "another secret entirely",
    });
    const foreignCookie = foreign.kind === "ok" ? foreign.deviceCookie : undefined;
    for (let i = 0; i < 5; i++) await attempt(otherEmail, "guess", "198.51.100.24", at(4, i));
    expect(await withDevice(otherEmail, PASSWORD, "192.0.2.23", at(5), foreignCookie)).toMatchObject({ kind: "throttled", scope: "email" });
    expect(await withDevice(otherEmail, PASSWORD, "192.0.2.23", at(5), othersCookie)).toMatchObject({ kind: "ok" });
  });
});
