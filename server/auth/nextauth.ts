import { AsyncLocalStorage } from "node:async_hooks";
import { headers } from "next/headers";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { db } from "../db/client";
import type { TAccount } from "../domain/access/caller";
import { env } from "../env";
import { logger } from "../lib/logger";
import { sameOriginPath } from "./callback-url";
import { clientAddressOf } from "./client-address";
import { checkCredentials } from "./credentials";
import { deviceCookieFrom, deviceSetCookie } from "./device-cookie";
import { endSession, endSessionOf, SESSION_MAX_AGE_SECONDS, secureCookies, sessionAccountOf, startSession } from "./session";

/**
 * A sign-in refused by the sign-in limit (server/auth/signin-limit.ts). A `CredentialsSignin`, so
 * next-auth treats it as a refused sign-in (the page's server action receives this very error);
 * its `code` ends up in the redirect next-auth's own endpoint would answer with, which the auth
 * route replaces with a 429 (`withSigninOutcome`).
 */
export class SigninThrottled extends CredentialsSignin {
  override code = "throttled";
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/**
 * What the attempts made inside `withSigninOutcome` ran into: the refusal by the limit, if any,
 * and the device cookie a successful one hands the browser (server/auth/device-cookie.ts).
 */
interface TSigninOutcome {
  throttled?: { retryAfterSeconds: number };
  deviceCookie?: string;
}

const outcomes = new AsyncLocalStorage<TSigninOutcome>();

/**
 * Runs `fn` (next-auth's request handler, or its `signIn` in the sign-in page's action) and
 * reports whether a sign-in inside it was refused by the limit (next-auth turns every refusal into
 * the same redirect, so the caller learns it here) and the device cookie to set after a success.
 * Without it, a sign-in hands out no device cookie.
 */
export async function withSigninOutcome<T>(fn: () => Promise<T>): Promise<{ result: T } & TSigninOutcome> {
  const outcome: TSigninOutcome = {};
  const result = await outcomes.run(outcome, fn);
  return { result, ...outcome };
}

/** The `Set-Cookie` value of a device cookie, with this service's attributes. */
export function deviceCookieHeader(value: string): string {
  return deviceSetCookie(value, secureCookies());
}

/**
 * Browser sign-in: e-mail and password (accounts made with `vmon users create --password` or the
 * demo account), JWT sessions (next-auth refuses database sessions for credentials by design).
 * The session carries the account id and a session id (`sid`) recorded at sign-in in
 * `browser_session` (session.ts); the account and that record are read fresh on every request, and
 * signing out deletes the record, so a copy of the cookie stops working too.
 * Every password attempt goes through the sign-in limit (credentials.ts).
 */
const nextAuth = NextAuth({
  trustHost: true,
  secret: process.env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  // A wrong password is an answer, not an error worth a stack trace in the logs.
  logger: {
    error(error) {
      // Error class names are minified in the build; auth errors carry their kind in `type`.
      if ((error as { type?: string }).type === "CredentialsSignin") logger.info("sign-in refused");
      else logger.error("auth error", { error });
    },
    warn(code) {
      logger.warn("auth warning", { code });
    },
    // next-auth's debug details include the submitted form, password and all: never logged.
    debug() {},
  },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail" }, password: { label: "Password", type: "password" } },
      // `request` carries the headers of the request being served (next-auth copies them, also
      // for the page's server action), the client address among them (server/http.ts).
      // Its cookies too: a device cookie (server/auth/device-cookie.ts) makes the attempt count
      // against that browser rather than the e-mail.
      async authorize(raw, request) {
        const outcome = outcomes.getStore();
        const secret = process.env.AUTH_SECRET;
        const device = outcome && secret ? { cookie: deviceCookieFrom(request.headers.get("cookie")), secret } : undefined;
        const result = await checkCredentials(await db(), raw, clientAddressOf(request.headers), undefined, undefined, device);
        if (result.kind === "throttled") {
          if (outcome) outcome.throttled = { retryAfterSeconds: result.retryAfterSeconds };
          throw new SigninThrottled(result.retryAfterSeconds);
        }
        if (result.kind !== "ok") throw new CredentialsSignin();
        const { account } = result;
        if (outcome && result.deviceCookie) outcome.deviceCookie = result.deviceCookie;
        return { id: String(account.id), email: account.email, name: account.name ?? account.email };
      },
    }),
  ],
  callbacks: {
    // Only pages of this service, whatever callbackUrl a sign-in was given (callback-url.ts).
    redirect({ url }) {
      const origin = new URL(env().BASE_URL).origin;
      return `${origin}${sameOriginPath(url, origin)}`;
    },
    // `signed_in_at` and `sid` are written once, at sign-in: unlike `iat`, re-encoding the session
    // keeps them. The session is recorded before the cookie is made: without the record, no sign-in.
    async jwt({ token, user }) {
      if (user?.id) {
        token.sub = user.id;
        token.signed_in_at = Math.floor(Date.now() / 1000);
        token.sid = await startSession(await db(), Number(user.id));
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (typeof token.signed_in_at === "number") (session as { signedInAt?: number }).signedInAt = token.signed_in_at;
      return session;
    },
  },
  events: {
    // next-auth's own sign-out endpoint (POST /api/auth/signout) ends the session here; next-auth
    // logs an error thrown here and clears the cookie anyway (the workspace's button: `signOutHere`).
    async signOut(message) {
      if ("token" in message) await endSession(await db(), message.token?.sid);
    },
  },
});
export const { handlers, signIn } = nextAuth;
const { signOut } = nextAuth;

/**
 * Signs the browser of the request Next is serving out: ends its session in the database first,
 * then clears its cookie and leads to `redirectTo`. Should the database fail, the error reaches the
 * page and the browser stays signed in, rather than believing it signed out while a copy of its
 * cookie still works.
 */
export async function signOutHere(redirectTo: string): Promise<void> {
  await endSessionOf(await db(), (await headers()).get("cookie"));
  await signOut({ redirectTo });
}

/**
 * The signed-in account of the request Next is serving (a page, a route handler), or undefined:
 * also when the session was ended (signed out), the account is gone or its sessions were ended
 * after this one signed in (a password change, `vmon users set-password`). The session cookie is read as the Node server reads it for
 * /api/trpc (session.ts).
 */
export async function sessionAccount(): Promise<TAccount | undefined> {
  return sessionAccountOf(await db(), (await headers()).get("cookie"));
}

/** The signed-in account's id (sessionAccount). */
export async function sessionAccountId(): Promise<number | undefined> {
  return (await sessionAccount())?.id;
}
