import { headers } from "next/headers";
import { z } from "zod";
import { clientAddressOf } from "~/server/auth/client-address";
import { requestPasswordReset } from "~/server/auth/password-reset";
import { db } from "~/server/db/client";
import { mailConfigured } from "~/server/domain/mail/transport";
import { ForgotPasswordForm, type TForgotResult } from "./forgot-form";

export const dynamic = "force-dynamic";
export const metadata = { title: "Forgot password · Venture Monitor" };

const ZEmail = z.string().trim().toLowerCase().email().max(254);

/**
 * Asks for a reset link. The answer is the same whether an account has the address or not
 * (server/auth/password-reset.ts sends in the background); only the limit's refusal differs,
 * and it applies to any address alike.
 */
async function requestAction(_previous: TForgotResult | null, form: FormData): Promise<TForgotResult> {
  "use server";
  const email = ZEmail.safeParse(form.get("email"));
  if (!email.success) return { kind: "invalid" };
  const result = await requestPasswordReset(await db(), { email: email.data, address: clientAddressOf(await headers()) });
  if (result.kind === "throttled")
    return { kind: "throttled", minutes: Math.min(60, Math.max(1, Math.ceil(result.retryAfterSeconds / 60))) };
  if (result.kind === "not_configured") return { kind: "not_configured" };
  return { kind: "sent" };
}

export default function ForgotPasswordPage() {
  const configured = mailConfigured();
  return (
    <main className="mx-auto mt-24 max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-xl font-semibold">Forgot your password?</h1>
      {configured ? (
        <>
          <p className="mt-3 text-sm text-slate-600">
            Enter the e-mail address of your account. We will send it a link to choose a new password.
          </p>
          <ForgotPasswordForm action={requestAction} />
        </>
      ) : (
        <div className="mt-3 space-y-3 text-sm text-slate-700" data-testid="reset-by-admin">
          <p>This server does not send e-mail, so a password cannot be reset from here.</p>
          <p>Ask an administrator of this Venture Monitor to set a new password for your account. They run:</p>
          <p className="rounded bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-800">
            <code>vmon users set-password --email you@example.com --password-stdin</code>
          </p>
        </div>
      )}
      <p className="mt-6 border-t border-slate-100 pt-4 text-sm">
        <a href="/signin" className="text-sky-700 underline">
          Back to sign in
        </a>
      </p>
    </main>
  );
}
