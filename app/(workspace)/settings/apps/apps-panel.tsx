"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { ClientRegistration } from "./client-registration";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { EmptyState } from "~/app/_ui/empty-state";
import { useToast } from "~/app/_ui/toast";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "never");

/** The account's connected apps, with Revoke; staff also register applications here. */
export function AppsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.account.me.queryOptions());
  const apps = useQuery(trpc.account.apps.list.queryOptions());
  const toast = useToast();
  const revoke = useMutation(
    trpc.account.apps.revoke.mutationOptions({
      onSuccess: () => {
        toast("Access revoked: the app can no longer use your account.");
        return queryClient.invalidateQueries({ queryKey: trpc.account.apps.list.queryKey() });
      },
    }),
  );

  return (
    <div className="mt-6 space-y-10">
      <section aria-labelledby="connected-heading">
        <h2 id="connected-heading" className="sr-only">
          Your connected apps
        </h2>
        {apps.isLoading && <p className="text-sm text-slate-500">Loading…</p>}
        {apps.error && <Alert className="text-sm">Could not load your apps: {apps.error.message}</Alert>}
        {apps.data?.length === 0 && (
          <EmptyState>
            No application is connected. When an app asks to use your account, you decide on a consent page; it then appears here.
          </EmptyState>
        )}
        {!!apps.data?.length && (
          <table className="w-full text-left text-sm" data-testid="connected-apps">
            <thead className="text-slate-500">
              <tr>
                <th className="py-2">Application</th>
                <th>Can</th>
                <th>Connected</th>
                <th>Last used</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {apps.data.map((a) => (
                <tr key={a.client_id} className="border-t border-slate-100 align-top">
                  <td className="py-2 font-medium">{a.name}</td>
                  <td className="font-mono text-xs">{a.scopes.join(" ") || "—"}</td>
                  <td>{when(a.connected_at)}</td>
                  <td>{when(a.last_used_at)}</td>
                  <td className="text-right">
                    <Button
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate({ client_id: a.client_id })}
                      variant="link-danger"
                      aria-label={`Revoke ${a.name}`}
                    >
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {me.data?.is_staff && <ClientRegistration />}
    </div>
  );
}
