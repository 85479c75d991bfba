"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { ConfirmButton } from "~/app/_ui/confirm-button";
import { Field } from "~/app/_ui/field";
import { Input } from "~/app/_ui/input";
import { Panel } from "~/app/_ui/panel";
import { useToast } from "~/app/_ui/toast";
import { Activity } from "./activity";
import { Invitations } from "./invitations";
import { InvitationsForMe } from "./invitations-for-me";
import { Members } from "./members";
import { ClientForm } from "~/app/_ui/client-form";

/** What the caller is in the team (a team may have several owners and admins). */
const ROLE_WORDS = { owner: "an owner", admin: "an admin", member: "a member" } as const;

/** /settings/team: create a team, or the team's members, invitations and Leave. */
export function TeamPanel() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const mine = useQuery(trpc.team.workspace.mine.queryOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.team.workspace.pathKey() });
  const leave = useMutation(
    trpc.team.workspace.leave.mutationOptions({
      onSuccess: (r) => {
        toast(`You left ${r.team.name}.`);
        void refresh();
      },
    }),
  );

  if (mine.isPending) return <p className="mt-4 text-sm text-slate-600">Loading…</p>;
  if (mine.error) return <Alert className="mt-4 text-sm">{mine.error.message}</Alert>;
  if (!mine.data)
    return (
      <>
        <InvitationsForMe inTeam={false} />
        <CreateTeam onCreated={refresh} />
      </>
    );

  const { team, role } = mine.data;
  const manager = role === "owner" || role === "admin";
  return (
    <div className="mt-4 space-y-6">
      <p className="text-sm">
        <span className="font-medium" data-testid="team-name">
          {team.name}
        </span>{" "}
        <span className="text-slate-600">· you are {ROLE_WORDS[role]}</span>
      </p>
      <Members team={team} myRole={role} onChange={refresh} />
      {manager && <Invitations />}
      {manager && <Activity />}
      <InvitationsForMe inTeam />
      <Panel className="p-3 text-sm">
        <h2 className="font-medium">Leave the team</h2>
        <p className="mt-1 text-slate-600">
          You stop seeing the team&apos;s shared folders and filters. Those you shared stay with the team.
        </p>
        <div className="mt-2">
          <ConfirmButton label="Leave team" confirm="Yes, leave" onConfirm={() => leave.mutate()} />
        </div>
        {leave.error && <Alert className="mt-2 text-sm">{leave.error.message}</Alert>}
      </Panel>
    </div>
  );
}

function CreateTeam({ onCreated }: { onCreated: () => unknown }) {
  const trpc = useTRPC();
  const toast = useToast();
  const [name, setName] = useState("");
  const create = useMutation(
    trpc.team.workspace.create.mutationOptions({
      onSuccess: (t) => {
        toast(`Team ${t.name} created: you are its owner.`);
        void onCreated();
      },
    }),
  );
  return (
    <Panel className="mt-4 p-4">
      <h2 className="font-medium">Create a team</h2>
      <p className="mt-1 text-sm text-slate-600">You are in no team. Create one and invite your colleagues, or open an invitation link.</p>
      <ClientForm
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name });
        }}
      >
        <Field label="Team name" error={create.error?.message}>
          {(c) => <Input {...c} maxLength={100} required value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Button type="submit" variant="primary" size="md" disabled={create.isPending}>
          Create team
        </Button>
      </ClientForm>
    </Panel>
  );
}
