"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Badge } from "~/app/_ui/badge";
import { Button } from "~/app/_ui/button";

type TVisibility = "private" | "team";

/** "Team" beside the name of a folder or saved filter shared with the caller's team. */
function TeamBadge({ visibility }: { visibility: TVisibility }) {
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
 * Share with the team / Make private, for a folder or saved filter: shown to its creator and the
 * team's owners and admins (the server checks again), only while the caller is in a team.
 */
export function ShareToggle(props: {
  name: string;
  visibility: TVisibility;
  ownerId: number;
  onShare: (visibility: TVisibility) => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const mine = useQuery(trpc.team.workspace.mine.queryOptions());
  const [error, setError] = useState<string | null>(null);
  const team = mine.data;
  if (!team) return null;
  const mayManage = props.ownerId === team.me || team.role === "owner" || team.role === "admin";
  if (!mayManage) return null;
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
