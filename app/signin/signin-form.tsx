"use client";

import { useActionState, useEffect } from "react";

export interface TSignInResult {
  /** The path to load once signed in. */
  next: string;
}

/**
 * The sign-in form. Once the server action has signed in, the next page is loaded as a new
 * document (not a client-side navigation), so that it is served with its own security policy.
 */
export function SignInForm({
  action,
  callbackUrl,
}: {
  action: (previous: TSignInResult | null, form: FormData) => Promise<TSignInResult>;
  callbackUrl: string;
}) {
  const [result, formAction, pending] = useActionState(action, null);
  useEffect(() => {
    if (result) window.location.assign(result.next);
  }, [result]);
  const busy = pending || result !== null;
  return (
    <form action={formAction} className="mt-6 space-y-4">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <label className="block text-sm">
        <span className="text-slate-600">E-mail</span>
        <input
          name="email"
          type="email"
          required
          autoComplete="username"
          className="mt-1 w-full rounded border border-slate-300 px-3 py-2"
        />
      </label>
      <label className="block text-sm">
        <span className="text-slate-600">Password</span>
        <input
          name="password"
          type="password"
          required
          autoComplete="current-password"
          className="mt-1 w-full rounded border border-slate-300 px-3 py-2"
        />
      </label>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60"
      >
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
