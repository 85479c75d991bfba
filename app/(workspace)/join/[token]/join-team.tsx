"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button, buttonClass } from "~/app/_ui/button";
import { Panel } from "~/app/_ui/panel";

const STATE_TEXT = {
  expired: "This invitation has expired. Ask the team for a new link.",
  used: "This invitation has already been used. Ask the team for a new link.",
  revoked: "This invitation was withdrawn. Ask the team for a new link.",
} as const;

/** The invitation's team and Accept, or why it cannot be accepted. */
export function JoinTeam({ token }: { token: string }) {
  const trpc = useTRPC();
  const preview = useQuery({ ...trpc.team.workspace.preview.queryOptions({ token }), retry: false });
  const accept = useMutation(trpc.team.workspace.accept.mutationOptions());

  if (preview.isPending) return <p className="mt-4 text-sm text-slate-600">Loading…</p>;
  if (preview.error) {
    return (
      <Alert boxed className="mt-4 px-3 py-2 text-sm" testId="join-message">
        {preview.error.data?.code === "NOT_FOUND"
          ? "This invitation link is not valid. Check that you copied all of it."
          : preview.error.message}
      </Alert>
    );
  }
  const p = preview.data;
  if (accept.isSuccess) {
    return (
      <Alert tone="success" boxed className="mt-4 px-3 py-2 text-sm" testId="join-message">
        You joined {accept.data.name}.{" "}
        <Link href="/folders" className="underline">
          See the team&apos;s folders
        </Link>{" "}
        or{" "}
        <Link href="/settings/team" className="underline">
          its members
        </Link>
        .
      </Alert>
    );
  }
  const refusal =
    p.state !== "valid"
      ? STATE_TEXT[p.state]
      : p.wrong_email
        ? "This invitation is for another e-mail address: sign in with the account it was sent to."
        : p.in_team
          ? "You are already in a team: leave it (Settings, Team) before joining another."
          : null;
  return (
    <Panel className="mt-4 p-4 text-sm">
      <p>
        You are invited to join <strong data-testid="join-team-name">{p.team.name}</strong>. Members see the folders and saved filters
        shared with the team.
      </p>
      {refusal ? (
        <Alert tone="warning" boxed className="mt-3 px-3 py-2 text-sm" testId="join-message">
          {refusal}
        </Alert>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button variant="primary" size="md" disabled={accept.isPending} onClick={() => accept.mutate({ token })}>
            Accept and join {p.team.name}
          </Button>
          <Link href="/cards" className={buttonClass("secondary", "md")}>
            Not now
          </Link>
        </div>
      )}
      {accept.error && <Alert className="mt-2 text-sm">{accept.error.message}</Alert>}
    </Panel>
  );
}
