import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionAccountOf } from "~/server/auth/session";
import { createUser, setPassword } from "~/server/domain/accounts/accounts";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * Which account a request's Cookie header signs in (server/auth/session.ts), read without Next as
 * the Node server reads it for /api/trpc: session cookies made as next-auth makes them (its own
 * `encode`, salted with the cookie's name), and the ways one must fail.
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
    const token = await jwt({ sub: String(accountId), signed_in_at: now() });
    expect(await signedIn(`theme=dark; ${NAME}=${token}; vm_device=abc`)).toBe(accountId);
    const secure = await jwt({ sub: String(accountId), signed_in_at: now() }, { name: SECURE_NAME });
    expect(await signedIn(`${SECURE_NAME}=${secure}`)).toBe(accountId);
  });

  it("signs in no one without a session cookie", async () => {
    expect(await signedIn(null)).toBeUndefined();
    expect(await signedIn("")).toBeUndefined();
    expect(await signedIn("theme=dark")).toBeUndefined();
  });

  it("refuses a cookie made with another secret, altered, expired, or salted for the other name", async () => {
    const claims = { sub: String(accountId), signed_in_at: now() };
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
    for (const sub of [undefined, "", "0", "-3", "1.5", "abc", "2000000000"]) {
      expect(await signedIn(`${NAME}=${await jwt({ sub, signed_in_at: now() })}`), String(sub)).toBeUndefined();
    }
  });

  it("ends the sessions that began before a password change, keeps those after it", async () => {
    const before = await jwt({ sub: String(accountId), signed_in_at: now() - 60 });
    const unstamped = await jwt({ sub: String(accountId) });
    expect(await signedIn(`${NAME}=${before}`)).toBe(accountId);
    const changed = await setPassword(t.db, { email, password: "the-second-password" });
    expect(await signedIn(`${NAME}=${before}`)).toBeUndefined();
    expect(await signedIn(`${NAME}=${unstamped}`)).toBeUndefined();
    const after = await jwt({ sub: String(accountId), signed_in_at: Math.floor(changed.sessionsValidFrom!.getTime() / 1000) });
    expect(await signedIn(`${NAME}=${after}`)).toBe(accountId);
  });
});
