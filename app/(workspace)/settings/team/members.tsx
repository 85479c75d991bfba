"use client";

import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Badge } from "~/app/_ui/badge";
import { ConfirmButton } from "~/app/_ui/confirm-button";
import { Select } from "~/app/_ui/input";
import { Panel } from "~/app/_ui/panel";
import { useToast } from "~/app/_ui/toast";

type TRole = "owner" | "admin" | "member";
type TTeam = { id: number; name: string; members: { id: number; email: string; name: string | null; role: TRole }[] };

/** The team's members; owners and admins change roles (owners: owner changes too) and remove members. */
export function Members({ team, myRole, onChange }: { team: TTeam; myRole: TRole; onChange: () => unknown }) {
  const trpc = useTRPC();
  const toast = useToast();
  const done = (text: string) => () => {
    toast(text);
    void onChange();
  };
  const changeRole = useMutation(trpc.team.workspace.changeRole.mutationOptions({ onSuccess: done("Role changed.") }));
  const remove = useMutation(trpc.team.workspace.remove.mutationOptions({ onSuccess: done("Member removed: their access ended.") }));
  const manager = myRole === "owner" || myRole === "admin";
  const error = changeRole.error ?? remove.error;
  return (
    <Panel className="p-3">
      <h2 className="font-medium">Members ({team.members.length})</h2>
      {error && <Alert className="mt-2 text-sm">{error.message}</Alert>}
      <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="team-members">
        {team.members.map((m) => {
          const mayTouch = manager && (myRole === "owner" || m.role !== "owner");
          return (
            <li key={m.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="team-member">
              <span className="min-w-0 flex-1 break-all">
                {m.name ? `${m.name} · ` : ""}
                {m.email}
              </span>
              {mayTouch ? (
                <>
                  <label className="sr-only" htmlFor={`role-${m.id}`}>
                    Role of {m.email}
                  </label>
                  <Select
                    id={`role-${m.id}`}
                    value={m.role}
                    onChange={(e) => changeRole.mutate({ accountId: m.id, role: e.target.value as TRole })}
                  >
                    {myRole === "owner" && <option value="owner">owner</option>}
                    <option value="admin">admin</option>
                    <option value="member">member</option>
                  </Select>
                  <ConfirmButton
                    label="Remove"
                    ariaLabel={`Remove ${m.email}`}
                    confirm={`Yes, remove ${m.email}`}
                    onConfirm={() => remove.mutate({ accountId: m.id })}
                  />
                </>
              ) : (
                <Badge tone={m.role === "member" ? "neutral" : "info"} className="text-xs">
                  {m.role}
                </Badge>
              )}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
