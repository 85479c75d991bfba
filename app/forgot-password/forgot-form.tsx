"use client";

import { useActionState } from "react";
import { Alert } from "../_ui/alert";
import { Button } from "../_ui/button";
import { Field } from "../_ui/field";
import { Input } from "../_ui/input";
import { plural } from "~/server/lib/plural";

export type TForgotResult = { kind: "sent" } | { kind: "invalid" } | { kind: "throttled"; minutes: number } | { kind: "not_configured" };

/** The e-mail field of "Forgot password?" and the answer, the same for every address. */
export function ForgotPasswordForm({ action }: { action: (previous: TForgotResult | null, form: FormData) => Promise<TForgotResult> }) {
  const [result, formAction, pending] = useActionState(action, null);
  if (result?.kind === "sent") {
    return (
      <Alert tone="success" boxed className="mt-6 px-3 py-2 text-sm" testId="reset-requested">
        If an account exists for that address, a link to reset its password was sent to it. The link works once, within one hour. Check your
        spam folder if nothing arrives in a few minutes.
      </Alert>
    );
  }
  return (
    <form action={formAction} className="mt-6 space-y-4">
      <Field
        className="block text-sm"
        label={<span className="text-slate-600">E-mail</span>}
        error={result?.kind === "invalid" ? "Enter an e-mail address." : undefined}
      >
        {(control) => <Input {...control} name="email" type="email" required autoComplete="username" size="lg" className="mt-1 w-full" />}
      </Field>
      {result?.kind === "throttled" && <Alert boxed>Too many reset requests. Try again in {plural(result.minutes, "minute")}.</Alert>}
      {result?.kind === "not_configured" && (
        <Alert boxed>This server does not send e-mail. Ask an administrator to reset your password.</Alert>
      )}
      <Button type="submit" disabled={pending} variant="primary" size="xl" className="w-full">
        {pending ? "Sending…" : "Send reset link"}
      </Button>
    </form>
  );
}
