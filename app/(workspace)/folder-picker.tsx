"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useId, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { ClientForm } from "~/app/_ui/client-form";
import { Checkbox, Input, Select } from "~/app/_ui/input";
import type { TAppRouter } from "~/server/api/root";
import { TeamBadge } from "./share-toggle";
import { plural } from "~/server/lib/plural";

type TFolder = inferRouterOutputs<TAppRouter>["user"]["folders"]["list"][number];

/** The caller's folders in two groups, each by name: those shared with the team first, then the private ones. */
const GROUPS = [
  { visibility: "team", label: "Shared with the team" },
  { visibility: "private", label: "Private" },
] as const;

function grouped(folders: TFolder[]) {
  const byName = [...folders].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return GROUPS.map((g) => ({ ...g, folders: byName.filter((f) => f.visibility === g.visibility) })).filter((g) => g.folders.length > 0);
}

/**
 * Where cards go into the caller's folders, on the card page (`holding`: the folders that hold the
 * card; a tick adds it, an untick takes it out) and for the rows selected on a card list (a choice
 * of one folder, then Add). Either way the folders come in two groups, shared with the team and
 * private, and a shared one says "Team" (a badge beside a checkbox, "(team)" in a choice's text);
 * a new folder can be named here and gets the cards.
 */
export function FolderPicker(props: { cardIds: number[]; holding?: number[]; onAdded?: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const all = useQuery(trpc.user.folders.list.queryOptions());
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trpc.user.folders.pathKey() });
    void qc.invalidateQueries({ queryKey: trpc.cards.pathKey() });
  };
  const [done, setDone] = useState<string | null>(null);
  const addCards = useMutation(
    trpc.user.folders.addCards.mutationOptions({
      onSuccess: (f) => {
        refresh();
        if (props.holding) return;
        setDone(`Added to ${f.name} (${plural(f.cards_count, "card")}).`);
        props.onAdded?.();
      },
    }),
  );
  const removeCard = useMutation(trpc.user.folders.removeCard.mutationOptions({ onSuccess: refresh }));
  const create = useMutation(trpc.user.folders.create.mutationOptions());
  const error = addCards.error?.message ?? removeCard.error?.message ?? create.error?.message;
  const groups = grouped(all.data ?? []);
  const addTo = async (target: number | { name: string }) => {
    setDone(null);
    const id = typeof target === "number" ? target : (await create.mutateAsync(target)).id;
    await addCards.mutateAsync({ id, cardIds: props.cardIds });
  };
  const submit = (target: number | { name: string }, after?: () => void) => void addTo(target).then(after, () => undefined);

  if (props.holding) {
    const holding = new Set(props.holding);
    const cardId = props.cardIds[0]!;
    return (
      <fieldset>
        <legend className="text-sm font-medium">Folders</legend>
        <div className="mt-1 space-y-1 text-sm">
          {groups.map((g) => (
            <fieldset key={g.visibility}>
              <legend className="text-xs text-slate-600">{g.label}</legend>
              {g.folders.map((f) => (
                <label key={f.id} className="flex items-center gap-2">
                  <Checkbox
                    checked={holding.has(f.id)}
                    onChange={(e) => (e.target.checked ? submit(f.id) : removeCard.mutate({ id: f.id, cardId }))}
                  />
                  {f.name}
                  {/* The space keeps "Team" a word of its own in the checkbox's name. */}
                  {f.visibility === "team" && " "}
                  <TeamBadge visibility={f.visibility} />
                </label>
              ))}
            </fieldset>
          ))}
          {all.data?.length === 0 && <p className="text-slate-500">No folders yet.</p>}
        </div>
        <NewFolder busy={create.isPending} onCreate={(name, after) => submit({ name }, after)} />
        {error && <Alert className="mt-1 text-xs">{error}</Alert>}
      </fieldset>
    );
  }

  if (props.cardIds.length === 0)
    return done ? (
      <Alert tone="success" as="span" className="text-sm">
        {done}
      </Alert>
    ) : null;
  return (
    <AddSelected count={props.cardIds.length} groups={groups} busy={addCards.isPending || create.isPending} error={error} onAdd={submit} />
  );
}

/** The card page's field for a new folder that gets the card. */
function NewFolder(props: { busy: boolean; onCreate: (name: string, after: () => void) => void }) {
  const [name, setName] = useState("");
  return (
    <ClientForm
      className="mt-2 flex gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        props.onCreate(name, () => setName(""));
      }}
    >
      <Input
        aria-label="New folder name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="New folder"
        className="min-w-0 flex-1"
      />
      <Button type="submit" disabled={props.busy}>
        Create and add
      </Button>
    </ClientForm>
  );
}

/** A card list's selected rows into one folder: the choice (grouped, shared ones marked), or a new folder named here. */
function AddSelected(props: {
  count: number;
  groups: ReturnType<typeof grouped>;
  busy: boolean;
  error: string | undefined;
  onAdd: (target: number | { name: string }) => void;
}) {
  const [target, setTarget] = useState("");
  const [newName, setNewName] = useState("");
  const id = useId();
  return (
    <ClientForm
      className="flex flex-wrap items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        props.onAdd(target === "new" ? { name: newName } : Number(target));
      }}
    >
      <label htmlFor={id} className="text-sm">
        Add {props.count} selected to
      </label>
      <Select id={id} required value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value="">choose a folder</option>
        {props.groups.map((g) => (
          <optgroup key={g.visibility} label={g.label}>
            {g.folders.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.visibility === "team" ? `${f.name} (team)` : f.name}
              </option>
            ))}
          </optgroup>
        ))}
        <option value="new">New folder…</option>
      </Select>
      {target === "new" && (
        <Input
          aria-label="New folder name"
          required
          maxLength={100}
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          placeholder="Folder name"
        />
      )}
      <Button type="submit" disabled={props.busy} variant="primary">
        Add
      </Button>
      {props.error && (
        <Alert as="span" className="text-sm">
          {props.error}
        </Alert>
      )}
    </ClientForm>
  );
}
