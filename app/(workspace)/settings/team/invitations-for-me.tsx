"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Panel } from "~/app/_ui/panel";
import { useToast } from "~/app/_ui/toast";

/**
 * Invitations made for the signed-in account's address: accepted here without the link (the
 * invitation notification leads here). Shown only when there is one; an account already in a
 * team must leave it first.
 */
export function InvitationsForMe({ inTeam }: { inTeam: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const mine = useQuery(trpc.team.workspace.invitationsForMe.queryOptions());
  const accept = useMutation(
    trpc.team.workspace.acceptForMe.mutationOptions({
      onSuccess: (t) => {
        toast(`You joined ${t.name}.`);
        void qc.invalidateQueries({ queryKey: trpc.team.workspace.pathKey() });
        void qc.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
      },
    }),
  );
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <Panel className="mt-4 p-3" data-testid="invitations-for-me">
      <h2 className="font-medium">Invitations for you</h2>
      {inTeam && <p className="mt-1 text-sm text-slate-600">You are in a team already: leave it to accept one of these.</p>}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {mine.data.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-2 py-2">
            <span className="min-w-0 flex-1">
              <span className="font-medium">{i.team.name}</span>
              <span className="text-slate-600">
                {" "}
                · from {i.invited_by ? (i.invited_by.name ?? i.invited_by.email) : "an administrator"} · until{" "}
                {new Date(i.expires_at).toLocaleDateString()}
              </span>
            </span>
            <Button
              size="xs-wide"
              variant="primary"
              aria-label={`Join ${i.team.name}`}
              disabled={inTeam || accept.isPending}
              onClick={() => accept.mutate({ id: i.id })}
            >
              Join
            </Button>
          </li>
        ))}
      </ul>
      {accept.error && <Alert className="mt-2 text-sm">{accept.error.message}</Alert>}
    </Panel>
  );
}
