import { AuthError } from "next-auth";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { sameOriginPath } from "~/server/auth/callback-url";
import { DEVICE_COOKIE, deviceCookieOptions } from "~/server/auth/device-cookie";
import { SigninThrottled, signIn, withSigninOutcome } from "~/server/auth/nextauth";
import { secureCookies } from "~/server/auth/session";
import { env } from "~/server/env";
import { SignInForm, type TSignInResult } from "./signin-form";
import { Alert } from "../_ui/alert";
import { plural } from "~/server/lib/plural";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Venture Monitor" };

/** Where to go once signed in: a page of this service (the OAuth authorization page sends one), never another origin. */
function safeCallback(value: unknown): string {
  return sameOriginPath(value, env().BASE_URL);
}

/**
 * Signs in and answers where to go; the form then loads that page as a new document, so that it
 * gets its own Content-Security-Policy (the OAuth consent page's allows the app's redirect URI;
 * a client-side navigation would keep the sign-in page's).
 */
async function signInAction(_previous: TSignInResult | null, form: FormData): Promise<TSignInResult> {
  "use server";
  const callbackUrl = safeCallback(form.get("callbackUrl"));
  const back = `&callbackUrl=${encodeURIComponent(callbackUrl)}`;
  try {
    const { deviceCookie } = await withSigninOutcome(() =>
      signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false }),
    );
    // The browser is now a known device of the account (server/auth/device-cookie.ts).
    if (deviceCookie) (await cookies()).set(DEVICE_COOKIE, deviceCookie, deviceCookieOptions(secureCookies()));
    return { next: callbackUrl };
  } catch (err) {
    // Refused by the sign-in limit: say so and for how long, rather than "wrong password".
    if (err instanceof SigninThrottled) redirect(`/signin?error=throttled&retry=${err.retryAfterSeconds}${back}`);
    if (err instanceof AuthError) redirect(`/signin?error=1${back}`);
    throw err;
  }
}

/** The refusal's message, from the seconds the limit gave (in the URL, so only a number is read). */
function errorMessage(error: string, retry: string | undefined): string {
  if (error !== "throttled") return "Wrong e-mail or password.";
  const seconds = Number(retry);
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.min(60, Math.ceil(seconds / 60)) : 15;
  return `Too many failed attempts. Try again in ${plural(minutes, "minute")}.`;
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string; retry?: string; callbackUrl?: string; reset?: string }>;
}) {
  const { error, retry, callbackUrl, reset } = await searchParams;
  return (
    <main className="mx-auto mt-24 max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-xl font-semibold">Sign in to Venture Monitor</h1>
      {error && <Alert className="mt-3 rounded bg-rose-50 px-3 py-2 text-sm">{errorMessage(error, retry)}</Alert>}
      {reset === "done" && !error && (
        <Alert tone="success" boxed className="mt-3 px-3 py-2 text-sm">
          Your password was changed. Sign in with the new one.
        </Alert>
      )}
      <SignInForm action={signInAction} callbackUrl={safeCallback(callbackUrl)} />
      {/* Leads to the reset form when this server sends e-mail, else to how an administrator resets it. */}
      <p className="mt-4 text-center text-sm">
        <a href="/forgot-password" className="text-sky-700 underline">
          Forgot password?
        </a>
      </p>
      <p className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-600">
        {/* A full page load, not a client-side transition: /docs needs its own Content-Security-Policy (proxy.ts). */}
        The same data through a REST API:{" "}
        <a href="/docs" className="text-sky-700 underline">
          API reference
        </a>{" "}
        ·{" "}
        <a href="/v1/openapi.json" className="text-sky-700 underline">
          OpenAPI document
        </a>
      </p>
    </main>
  );
}
