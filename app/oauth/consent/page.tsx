import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { checkAuthorizeRequest, consentQuery } from "~/server/auth/oauth/authorize";
import { consentToken } from "~/server/auth/oauth/consent-token";
import { SCOPE_DESCRIPTIONS } from "~/server/domain/access/scopes";
import { sessionAccount } from "~/server/auth/nextauth";
import { db } from "~/server/db/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Allow access · Venture Monitor", robots: { index: false } };

type TSearch = Record<string, string | string[] | undefined>;

function toQuery(search: TSearch): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) for (const item of Array.isArray(v) ? v : v === undefined ? [] : [v]) q.append(k, item);
  return q;
}

/** The consent page: which application asks, where it sends you back, and what it may do. */
export default async function ConsentPage({ searchParams }: { searchParams: Promise<TSearch> }) {
  const query = toQuery(await searchParams);
  const database = await db();
  const check = await checkAuthorizeRequest(database, query);
  // Requests that cannot be shown go back through the endpoint, which answers them properly.
  if (check.kind !== "ok") redirect(`/oauth/authorize?${query}`);
  // The page's form-action comes from redirect_uri in its address (proxy.ts): it must be there.
  if (query.get("redirect_uri") !== check.request.redirectUri) redirect(`/oauth/consent?${consentQuery(query, check.request)}`);
  const account = await sessionAccount();
  if (!account) redirect(`/signin?callbackUrl=${encodeURIComponent(`/oauth/authorize?${query}`)}`);
  const { client, redirectUri, scopes } = check.request;
  const host = new URL(redirectUri).host || new URL(redirectUri).protocol;

  return (
    <main className="mx-auto mt-16 max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      {client.dynamic && (
        // A self-registered app (POST /oauth/register) chose its own name: nobody checked who runs it.
        <Alert tone="warning" boxed as="div" role="note" label="Unverified app" className="mb-4 p-3 text-sm">
          <p className="font-semibold">Unverified app</p>
          <p className="mt-1">
            This app registered itself: Venture Monitor has not checked who runs it, and &ldquo;{client.name}&rdquo; is the name it gave
            itself. It will send you back to <strong className="break-all">{host}</strong>. Allow it only if you started this from an app
            you trust at that address.
          </p>
        </Alert>
      )}
      <h1 className="text-xl font-semibold">
        Allow <span className="text-sky-800">{client.name}</span> to use your Venture Monitor account?
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Signed in as <strong>{account.email}</strong>. After you answer, you go back to <strong>{host}</strong>.
      </p>
      <h2 className="mt-6 text-sm font-medium text-slate-700">{client.name} will be able to:</h2>
      <ul className="mt-2 space-y-2 text-sm">
        {scopes.map((s) => (
          <li key={s} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-700">
              ✓
            </span>
            <span>
              {SCOPE_DESCRIPTIONS.get(s)} <code className="text-xs text-slate-500">({s})</code>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-slate-500">
        Requests it makes count against your plan&apos;s quota. You can disconnect it at any time in Settings → Connected apps.
      </p>
      <form method="post" action="/oauth/authorize/decision" className="mt-6 flex gap-3">
        <input type="hidden" name="request" value={query.toString()} />
        <input type="hidden" name="csrf" value={consentToken(account.id, check.request)} />
        <Button type="submit" name="decision" value="allow" variant="primary" size="xl" className="flex-1 hover:bg-slate-700">
          Allow
        </Button>
        <Button type="submit" name="decision" value="deny" size="xl" className="flex-1 hover:bg-slate-50">
          Deny
        </Button>
      </form>
    </main>
  );
}
