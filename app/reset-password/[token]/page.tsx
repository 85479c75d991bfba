import { redirect } from "next/navigation";
import { db } from "~/server/db/client";
import { PASSWORD_LENGTH } from "~/server/domain/accounts/accounts";
import { resetLinkState, resetPassword, type TResetLinkState } from "~/server/domain/accounts/password-reset";
import { AppError } from "~/server/lib/errors";
import { ResetPasswordForm, type TResetResult } from "./reset-form";

export const dynamic = "force-dynamic";
export const metadata = { title: "Choose a new password · Venture Monitor", referrer: "no-referrer" as const };

/** Why a link no longer works, in the words of the page. */
const GONE: Record<Exclude<TResetLinkState, "valid">, { title: string; text: string }> = {
  expired: { title: "This link has expired", text: "A password reset link works for one hour." },
  used: { title: "This link was already used", text: "A password reset link works once." },
  unknown: { title: "This link is not valid", text: "It may be incomplete, or a newer link replaced it." },
};

/** Sets the new password; once done, the browser goes to sign in with it. */
async function resetAction(_previous: TResetResult | null, form: FormData): Promise<TResetResult> {
  "use server";
  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "");
  if (password !== String(form.get("confirm") ?? "")) return { kind: "mismatch" };
  let result: Awaited<ReturnType<typeof resetPassword>>;
  try {
    result = await resetPassword(await db(), { token, password });
  } catch (error) {
    if (error instanceof AppError && error.code === "validation_error")
      return { kind: "rules", message: error.message.replace(/^password: /, "") };
    throw error;
  }
  if (!result.ok) return { kind: "gone", state: result.state };
  redirect("/signin?reset=done");
}

function LinkGone({ state }: { state: Exclude<TResetLinkState, "valid"> }) {
  return (
    <div data-testid="reset-link-gone">
      <h1 className="text-xl font-semibold">{GONE[state].title}</h1>
      <p className="mt-3 text-sm text-slate-600">{GONE[state].text} Ask for a new one, or sign in if you remember your password.</p>
      <p className="mt-6 border-t border-slate-100 pt-4 text-sm">
        <a href="/forgot-password" className="text-sky-700 underline">
          Request a new link
        </a>{" "}
        ·{" "}
        <a href="/signin" className="text-sky-700 underline">
          Sign in
        </a>
      </p>
    </div>
  );
}

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await resetLinkState(await db(), token);
  return (
    <main className="mx-auto mt-24 max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      {state === "valid" ? (
        <>
          <h1 className="text-xl font-semibold">Choose a new password</h1>
          <p className="mt-3 text-sm text-slate-600">
            At least {PASSWORD_LENGTH.min} characters. Setting it signs your account out of every browser.
          </p>
          <ResetPasswordForm action={resetAction} token={token} minLength={PASSWORD_LENGTH.min} maxLength={PASSWORD_LENGTH.max} />
        </>
      ) : (
        <LinkGone state={state} />
      )}
    </main>
  );
}
