"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { EmptyState } from "~/app/_ui/empty-state";
import { Panel } from "~/app/_ui/panel";

const WHAT: Record<string, string> = {
  created: "created the team",
  joined: "joined",
  left: "left the team",
  removed: "removed a member",
  role_changed: "changed a role",
  invitation_made: "made an invitation",
  invitation_used: "used an invitation",
  invitation_revoked: "revoked an invitation",
  shared: "shared",
  unshared: "made private",
  deleted: "deleted",
};

/** Owners and admins: the team's activity log, newest first (the last 100 entries). */
export function Activity() {
  const trpc = useTRPC();
  const log = useQuery(trpc.team.workspace.activity.queryOptions());
  return (
    <Panel className="p-3">
      <h2 className="font-medium">Activity</h2>
      {log.error && <Alert className="mt-2 text-sm">{log.error.message}</Alert>}
      {log.data && log.data.length === 0 && <EmptyState className="mt-2">Nothing yet.</EmptyState>}
      {log.data && log.data.length > 0 && (
        <ol className="mt-2 divide-y divide-slate-100 text-sm" data-testid="team-activity">
          {log.data.map((a) => {
            const name = typeof a.detail.name === "string" ? ` “${a.detail.name}”` : "";
            return (
              <li key={a.id} className="py-1.5">
                <span className="text-slate-600">{new Date(a.created_at).toLocaleString()}</span> · {a.actor?.email ?? "an operator"}{" "}
                {WHAT[a.kind] ?? a.kind}
                {name}
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
