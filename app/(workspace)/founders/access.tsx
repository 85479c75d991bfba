"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";

/** What the signed-in account may read of the raw profiles. */
export type TRawAccess = "full" | "collections_only" | "none";

/** The account's raw-data access, from account.me (scope and the network_a_profiles capability). */
function useRawAccess(): { access: TRawAccess | undefined; email: string | undefined; error: string | undefined } {
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  if (!me.data) return { access: undefined, email: undefined, error: me.error?.message };
  const access: TRawAccess =
    me.data.scope === "collections_only" ? "collections_only" : me.data.capabilities.network_a_profiles?.allowed ? "full" : "none";
  return { access, email: me.data.email, error: undefined };
}

/** Shown instead of the founders pages to an account without the network_a_profiles permission. */
function NoRawAccess({ email }: { email: string }) {
  return (
    <section aria-labelledby="no-access-h" className="max-w-2xl">
      <h1 id="no-access-h" className="text-2xl font-semibold">
        Founders
      </h1>
      <Alert tone="warning" boxed as="div" role="none" className="mt-4 p-4 text-sm" testId="no-raw-access">
        <p className="font-medium">Your account ({email}) has no access to founder profiles.</p>
        <p className="mt-2">
          Founder profiles and their collections are raw data: reading them needs the <code>network_a_profiles</code> permission, which is
          granted per account. Ask an operator of this service to grant it; they run:
        </p>
        <pre className="mt-2 overflow-x-auto rounded bg-white p-2 text-xs text-slate-900">
          vmon tokens create --email {email} --grant network_a_profiles
        </pre>
        <p className="mt-2">
          That grants the permission and prints a new API token for the account (the token can be revoked on the API tokens page). Reload
          this page once it is done.
        </p>
      </Alert>
    </section>
  );
}

/** Renders `children(access)` once the account's access is known; the no-access page when it has none. */
export function RawAccessGate({ children }: { children: (access: "full" | "collections_only") => ReactNode }) {
  const { access, email, error } = useRawAccess();
  if (error) return <Alert>Could not read your account: {error}</Alert>;
  if (!access) return <p className="text-slate-600">Loading…</p>;
  if (access === "none") return <NoRawAccess email={email ?? "your e-mail"} />;
  return <>{children(access)}</>;
}
