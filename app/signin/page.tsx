import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { SigninThrottled, signIn } from "../../server/auth/nextauth";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Venture Monitor" };

/** Where to go once signed in: a path on this site (the OAuth authorization page sends one), never another origin. */
function safeCallback(value: unknown): string {
  const path = typeof value === "string" ? value : "";
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/cards";
}

async function signInAction(form: FormData) {
  "use server";
  const callbackUrl = safeCallback(form.get("callbackUrl"));
  const back = `&callbackUrl=${encodeURIComponent(callbackUrl)}`;
  try {
    await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirectTo: callbackUrl });
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
  return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ error?: string; retry?: string; callbackUrl?: string }> }) {
  const { error, retry, callbackUrl } = await searchParams;
  return (
    <main className="mx-auto mt-24 max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-xl font-semibold">Sign in to Venture Monitor</h1>
      {error && (
        <p role="alert" className="mt-3 rounded bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {errorMessage(error, retry)}
        </p>
      )}
      <form action={signInAction} className="mt-6 space-y-4">
        <input type="hidden" name="callbackUrl" value={safeCallback(callbackUrl)} />
        <label className="block text-sm">
          <span className="text-slate-600">E-mail</span>
          <input name="email" type="email" required autoComplete="username" className="mt-1 w-full rounded border border-slate-300 px-3 py-2" />
        </label>
        <label className="block text-sm">
          <span className="text-slate-600">Password</span>
          <input name="password" type="password" required autoComplete="current-password" className="mt-1 w-full rounded border border-slate-300 px-3 py-2" />
        </label>
        <button type="submit" className="w-full rounded bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700">
          Sign in
        </button>
      </form>
    </main>
  );
}
