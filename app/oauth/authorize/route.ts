import { checkAuthorizeRequest, consentQuery, nextStep } from "~/server/auth/oauth/authorize";
import { errorPage, redirectTo } from "~/server/auth/oauth/pages";
import { sessionAccountId } from "~/server/auth/nextauth";
import { db } from "~/server/db/client";

export const dynamic = "force-dynamic";

/**
 * `GET /oauth/authorize` (docs/oauth.md): checks the request, sends a visitor who is not signed in
 * to sign-in (and back), answers at once when the account already allowed these scopes, and
 * otherwise shows the consent page, whose address always names the redirect URI the answer goes to
 * (consentQuery), so that its Content-Security-Policy lets the form's redirect reach it.
 */
export async function GET(req: Request) {
  const query = new URL(req.url).searchParams;
  const database = await db();
  const check = await checkAuthorizeRequest(database, query);
  if (check.kind === "page") return errorPage(400, check.title, check.message);
  if (check.kind === "redirect") return redirectTo(check.location);
  const back = `/oauth/authorize?${query}`;
  const step = await nextStep(database, await sessionAccountId(), check.request, `/signin?callbackUrl=${encodeURIComponent(back)}`);
  return redirectTo(step.kind === "redirect" ? step.location : `/oauth/consent?${consentQuery(query, check.request)}`);
}
