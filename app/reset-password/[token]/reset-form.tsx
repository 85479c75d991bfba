"use client";

import { useActionState } from "react";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Field } from "~/app/_ui/field";
import { Input } from "~/app/_ui/input";

export type TResetResult =
  { kind: "mismatch" } | { kind: "rules"; message: string } | { kind: "gone"; state: "expired" | "used" | "unknown" };

const GONE_TEXT = {
  expired: "This link has expired meanwhile.",
  used: "This link was already used.",
  unknown: "This link is not valid any more.",
} as const;

/** The new password, typed twice. A successful reset leads to the sign-in page (a redirect from the action). */
export function ResetPasswordForm({
  action,
  token,
  minLength,
  maxLength,
}: {
  action: (previous: TResetResult | null, form: FormData) => Promise<TResetResult>;
  token: string;
  minLength: number;
  maxLength: number;
}) {
  const [result, formAction, pending] = useActionState(action, null);
  if (result?.kind === "gone") {
    return (
      <Alert boxed className="mt-6 px-3 py-2 text-sm">
        {GONE_TEXT[result.state]}{" "}
        <a href="/forgot-password" className="underline">
          Request a new link
        </a>
        .
      </Alert>
    );
  }
  return (
    <form action={formAction} className="mt-6 space-y-4">
      <input type="hidden" name="token" value={token} />
      <Field
        className="block text-sm"
        label={<span className="text-slate-600">New password</span>}
        error={result?.kind === "rules" ? `The password ${result.message}.` : undefined}
      >
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            required
            minLength={minLength}
            maxLength={maxLength}
            autoComplete="new-password"
            size="lg"
            className="mt-1 w-full"
          />
        )}
      </Field>
      <Field
        className="block text-sm"
        label={<span className="text-slate-600">Repeat the new password</span>}
        error={result?.kind === "mismatch" ? "The two passwords differ." : undefined}
      >
        {(control) => (
          <Input
            {...control}
            name="confirm"
            type="password"
            required
            minLength={minLength}
            maxLength={maxLength}
            autoComplete="new-password"
            size="lg"
            className="mt-1 w-full"
          />
        )}
      </Field>
      <Button type="submit" disabled={pending} variant="primary" size="xl" className="w-full">
        {pending ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
