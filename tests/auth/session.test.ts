import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endSession, endSessionOf, sessionAccountOf, startSession } from "~/server/auth/session";
import { createUser, setPassword } from "~/server/domain/accounts/accounts";
import { hashToken } from "~/server/lib/token-hash";
import { openTestDb, type TTestDb } from "../helpers/db";
import { sessionCookie, type TSessionCookieOptions } from "../helpers/session";

/**
 * Which account a request's Cookie header signs in (server/auth/session.ts), read without Next as
 * the Node server reads it for /api/trpc: session cookies made as next-auth makes them (its own
 * `encode`, salted with the cookie's name) for sessions recorded as a sign-in records them, and
 * the ways one must fail, a session that was ended (signed out) among them.
 */

const SECRET = "a-test-secret-of-enough-length-0123456789";
const NAME = "authjs.session-token";
const SECURE_NAME = "__Secure-authjs.session-token";
const now = () => Math.floor(Date.now() / 1000);

let t: TTestDb;
let accountId: number;
let email: string;
const previousSecret = process.env.AUTH_SECRET;

const jwt = (claims: Record<string, unknown>, opts: { name?: string; secret?: string; maxAge?: number } = {}) =>
  encode({ token: claims, secret: opts.secret ?? SECRET, salt: opts.name ?? NAME, maxAge: opts.maxAge });
/** A cookie (`name=jwt`) of a new session of the account. */
const session = async (opts: Partial<TSessionCookieOptions> = {}, id = accountId) =>
  (await sessionCookie(t.db, id, { secret: SECRET, ...opts })).cookie;
const signedIn = (cookie: string | null) => sessionAccountOf(t.db, cookie).then((a) => a?.id);

beforeAll(async () => {
  process.env.AUTH_SECRET = SECRET;
  t = await openTestDb();
  email = `session-${Date.now()}@example.test`;
  accountId = (await createUser(t.db, { email, password: "the-first-password" })).id;
});
afterAll(async () => {
  process.env.AUTH_SECRET = previousSecret;
  await t?.close();
});

describe("sessionAccountOf", () => {
  it("signs in the account a session cookie names, among other cookies, under either of next-auth's names", async () => {
    expect(await signedIn(`theme=dark; ${await session()}; vm_device=abc`)).toBe(accountId);
    expect(await signedIn(await session({ name: SECURE_NAME }))).toBe(accountId);
  });

  it("signs in no one without a session cookie", async () => {
    expect(await signedIn(null)).toBeUndefined();
    expect(await signedIn("")).toBeUndefined();
    expect(await signedIn("theme=dark")).toBeUndefined();
  });

  it("refuses a cookie made with another secret, altered, expired, or salted for the other name", async () => {
    const claims = { sub: String(accountId), signed_in_at: now(), sid: await startSession(t.db, accountId) };
    expect(await signedIn(`${NAME}=${await jwt(claims, { secret: "another-secret-of-enough-length-9876543210" })}`)).toBeUndefined();
    const good = await jwt(claims);
    const i = Math.floor(good.length / 2);
    const altered = good.slice(0, i) + (good[i] === "A" ? "B" : "A") + good.slice(i + 1);
    expect(await signedIn(`${NAME}=${altered}`)).toBeUndefined();
    expect(await signedIn(`${NAME}=${await jwt(claims, { maxAge: -60 })}`)).toBeUndefined();
    expect(await signedIn(`${NAME}=${await jwt(claims, { name: SECURE_NAME })}`)).toBeUndefined();
    expect(await signedIn(`${NAME}=not-a-jwt`)).toBeUndefined();
  });

  it("refuses a session naming no account, or an account that does not exist", async () => {
    const sid = await startSession(t.db, accountId);
    for (const sub of [undefined, "", "0", "-3", "1.5", "abc", "2000000000"]) {
      expect(await signedIn(`${NAME}=${await jwt({ sub, signed_in_at: now(), sid })}`), String(sub)).toBeUndefined();
    }
  });

  it("ends a session when it is signed out: a copy of its cookie is refused, the account's other sessions go on", async () => {
    const copied = await session();
    const other = await session();
    expect(await signedIn(copied)).toBe(accountId);
    await endSessionOf(t.db, copied);
    expect(await signedIn(copied)).toBeUndefined();
    expect(await signedIn(other)).toBe(accountId);
    // Ending it again, or a cookie that carries no session, changes nothing.
    await endSessionOf(t.db, copied);
    await endSessionOf(t.db, null);
    await endSession(t.db, undefined);
    expect(await signedIn(other)).toBe(accountId);
  });

  it("refuses a session id that was never recorded, one without a session id, and another account's session", async () => {
    expect(await signedIn(await session({ sid: "never-recorded" }))).toBeUndefined();
    expect(await signedIn(await session({ sid: false }))).toBeUndefined();
    const stranger = (await createUser(t.db, { email: `session-other-${Date.now()}@example.test`, password: "a-password-1" })).id;
    const strangers = await startSession(t.db, stranger);
    expect(await signedIn(await session({ sid: strangers }))).toBeUndefined();
  });

  it("refuses a session whose record has expired, whatever the cookie's own expiry", async () => {
    const { cookie, sid } = await sessionCookie(t.db, accountId, { secret: SECRET, maxAge: 30 * 24 * 3600 });
    expect(await signedIn(cookie)).toBe(accountId);
    await t.db.browserSession.update({ where: { sidHash: hashToken(sid) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await signedIn(cookie)).toBeUndefined();
  });

  it("keeps only the SHA-256 of a session id", async () => {
    const sid = await startSession(t.db, accountId);
    expect(await t.db.browserSession.count({ where: { sidHash: sid } })).toBe(0);
    expect(await t.db.browserSession.count({ where: { sidHash: hashToken(sid) } })).toBe(1);
  });

  it("ends the sessions that began before a password change, keeps those after it", async () => {
    const before = await session({ signedInAt: now() - 60 });
    const unstamped = `${NAME}=${await jwt({ sub: String(accountId), sid: await startSession(t.db, accountId) })}`;
    expect(await signedIn(before)).toBe(accountId);
    const changed = await setPassword(t.db, { email, password: "the-second-password" });
    expect(await signedIn(before)).toBeUndefined();
    expect(await signedIn(unstamped)).toBeUndefined();
    const after = await session({ signedInAt: Math.floor(changed.sessionsValidFrom!.getTime() / 1000) });
    expect(await signedIn(after)).toBe(accountId);
  });
});
