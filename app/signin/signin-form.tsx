"use client";

import { useActionState, useEffect } from "react";
import { Button } from "../_ui/button";
import { Input } from "../_ui/input";
import { Field } from "../_ui/field";
import { useStoredString } from "../_ui/use-browser-store";

/**
 * The e-mail as typed, kept for this tab: a refused sign-in loads the page again (with its error),
 * and the analyst then only retypes the password.
 */
const EMAIL_KEY = "vm:signin:email";

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
  const [email, setEmail] = useStoredString("sessionStorage", EMAIL_KEY);
  useEffect(() => {
    if (result) window.location.assign(result.next);
  }, [result]);
  const busy = pending || result !== null;
  return (
    <form action={formAction} className="mt-6 space-y-4">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Field className="block text-sm" label={<span className="text-slate-600">E-mail</span>}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            required
            autoComplete="username"
            size="lg"
            className="mt-1 w-full"
            value={email ?? ""}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field className="block text-sm" label={<span className="text-slate-600">Password</span>}>
        {(control) => (
          <Input {...control} name="password" type="password" required autoComplete="current-password" size="lg" className="mt-1 w-full" />
        )}
      </Field>
      <Button type="submit" disabled={busy} variant="primary" size="xl" className="w-full hover:bg-slate-700">
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
