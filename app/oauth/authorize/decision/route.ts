import { checkAuthorizeRequest, decide } from "~/server/auth/oauth/authorize";
import { checkConsentToken } from "~/server/auth/oauth/consent-token";
import { errorPage, redirectTo } from "~/server/auth/oauth/pages";
import { sessionAccountId } from "~/server/auth/nextauth";
import { db } from "~/server/db/client";
import { env } from "~/server/env";

export const dynamic = "force-dynamic";

/**
 * The consent page's Allow / Deny (a POST with the page's CSRF token, bound to the signed-in account
 * and to the exact request shown): a code, or access_denied, sent to the client.
 */
export async function POST(req: Request) {
  const origin = req.headers.get("origin");
  if (origin && origin !== new URL(req.url).origin && origin !== new URL(env().BASE_URL).origin) {
    return errorPage(403, "Request refused", "This decision was not sent from the consent page of this site.");
  }
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    return errorPage(400, "Invalid request", "The decision could not be read.");
  }
  const raw = String(form.get("request") ?? "");
  const accountId = await sessionAccountId();
  if (!accountId) return redirectTo(`/signin?callbackUrl=${encodeURIComponent(`/oauth/authorize?${raw}`)}`);
  const database = await db();
  const check = await checkAuthorizeRequest(database, new URLSearchParams(raw));
  if (check.kind === "page") return errorPage(400, check.title, check.message);
  if (check.kind === "redirect") return redirectTo(check.location);
  if (!checkConsentToken(String(form.get("csrf") ?? ""), accountId, check.request)) {
    return errorPage(400, "This page has expired", "The consent form is no longer valid. Start again from the application.");
  }
  const decision = form.get("decision");
  if (decision !== "allow" && decision !== "deny") return errorPage(400, "Invalid request", "Choose Allow or Deny.");
  return redirectTo(await decide(database, accountId, check.request, decision === "allow"));
}
