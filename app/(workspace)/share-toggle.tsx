"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Badge } from "~/app/_ui/badge";
import { Button } from "~/app/_ui/button";
import { mayManage } from "~/server/domain/teams/roles";

type TVisibility = "private" | "team";

/** "Team" beside the name of a folder or saved filter shared with the caller's team (read with the name). */
export function TeamBadge({ visibility }: { visibility: TVisibility }) {
  return visibility === "team" ? (
    <Badge tone="info" className="ml-2 text-xs" testId="team-badge">
      Team
    </Badge>
  ) : null;
}

/** The "Shared" cell of the folders and saved filters tables: the Team badge and who shared it. */
export function SharedBy({ visibility, owner }: { visibility: TVisibility; owner: { email: string } }) {
  return (
    <span className="text-slate-700">
      <TeamBadge visibility={visibility} />
      {visibility === "team" && <span className="ml-1 text-xs">by {owner.email}</span>}
    </span>
  );
}

/**
 * Whether the caller may rename, share or delete a folder or saved filter of `ownerId`, by the
 * server's own rule (server/domain/teams/roles.ts: its creator, or the team's owners and admins),
 * so that the workspace shows only the actions the caller's role allows. Outside a team every
 * listed thing is the caller's own. Undefined while the caller's team is read.
 */
export function useMayManage(): (ownerId: number) => boolean | undefined {
  const trpc = useTRPC();
  const mine = useQuery(trpc.team.workspace.mine.queryOptions());
  const pending = mine.isPending;
  const team = mine.data;
  return useCallback(
    (ownerId: number) => (pending ? undefined : team ? mayManage(ownerId, { accountId: team.me, role: team.role }) : true),
    [pending, team],
  );
}

/**
 * Share with the team / Make private, for a folder or saved filter: shown to those who may manage
 * it (useMayManage; the server checks again), only while the caller is in a team.
 */
export function ShareToggle(props: {
  name: string;
  visibility: TVisibility;
  ownerId: number;
  onShare: (visibility: TVisibility) => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const mine = useQuery(trpc.team.workspace.mine.queryOptions());
  const may = useMayManage();
  const [error, setError] = useState<string | null>(null);
  if (!mine.data || !may(props.ownerId)) return null;
  const next: TVisibility = props.visibility === "team" ? "private" : "team";
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Button
        size="xs"
        aria-label={next === "team" ? `Share with team: ${props.name}` : `Make private: ${props.name}`}
        onClick={() =>
          props.onShare(next).then(
            () => setError(null),
            (e: unknown) => setError(e instanceof Error ? e.message : "failed"),
          )
        }
      >
        {next === "team" ? "Share with team" : "Make private"}
      </Button>
      {error && (
        <Alert as="span" className="text-xs">
          {error}
        </Alert>
      )}
    </span>
  );
}
