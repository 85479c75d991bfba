"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { CARD_LIST_KEYS } from "./list-params";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Input, Select } from "~/app/_ui/input";
import { useToast } from "~/app/_ui/toast";
import { ClientForm } from "~/app/_ui/client-form";

/** Saves the /cards filter in effect under a name (user.filters.createFromQuery), confirmed by a toast. */
export function SaveFilter({ params }: { params: Record<string, string> }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const id = useId();
  const toast = useToast();
  const save = useMutation(
    trpc.user.filters.createFromQuery.mutationOptions({
      onSuccess: (f) => {
        toast(`Saved filter "${f.name}". Find it under Saved filters.`);
        setOpen(false);
        setName("");
        void qc.invalidateQueries({ queryKey: trpc.user.filters.pathKey() });
      },
    }),
  );
  const query: Record<string, string> = {};
  for (const k of CARD_LIST_KEYS) if (params[k] && !["limit", "offset", "filter_id", "only_new"].includes(k)) query[k] = params[k];
  if (!open) {
    return <Button onClick={() => setOpen(true)}>Save filter</Button>;
  }
  return (
    <ClientForm
      className="flex flex-wrap items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ name, query });
      }}
    >
      <label htmlFor={id} className="sr-only">
        Saved filter name
      </label>
      <Input
        id={id}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the field appears because the analyst clicked "Save filter": typing goes there
        autoFocus
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="Name this filter"
      />
      <Button type="submit" disabled={save.isPending} variant="primary">
        Save
      </Button>
      <Button onClick={() => setOpen(false)}>Cancel</Button>
      {save.error && (
        <Alert as="span" className="text-sm">
          {save.error.message}
        </Alert>
      )}
    </ClientForm>
  );
}

/** Adds the selected cards to one of the caller's folders in one step (or to a new folder named here). */
export function AddToFolder({ cardIds, onDone }: { cardIds: number[]; onDone: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const folders = useQuery(trpc.user.folders.list.queryOptions());
  const [target, setTarget] = useState("");
  const [newName, setNewName] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trpc.user.folders.pathKey() });
    void qc.invalidateQueries({ queryKey: trpc.cards.pathKey() });
  };
  const add = useMutation(
    trpc.user.folders.addCards.mutationOptions({
      onSuccess: (f) => {
        setDone(`Added to ${f.name} (${f.cards_count} cards).`);
        refresh();
        onDone();
      },
    }),
  );
  const create = useMutation(trpc.user.folders.create.mutationOptions());
  if (cardIds.length === 0)
    return done ? (
      <Alert tone="success" as="span" className="text-sm">
        {done}
      </Alert>
    ) : null;
  const submit = async () => {
    setDone(null);
    const folderId = target === "new" ? (await create.mutateAsync({ name: newName })).id : Number(target);
    add.mutate({ id: folderId, cardIds });
  };
  const error = add.error?.message ?? create.error?.message;
  return (
    <ClientForm
      className="flex flex-wrap items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        void submit().catch(() => undefined);
      }}
    >
      <label htmlFor={id} className="text-sm">
        Add {cardIds.length} selected to
      </label>
      <Select id={id} required value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value="">choose a folder</option>
        {(folders.data ?? []).map((f) => (
          <option key={f.id} value={String(f.id)}>
            {f.name}
          </option>
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
      <Button type="submit" disabled={add.isPending || create.isPending} variant="primary">
        Add
      </Button>
      {error && (
        <Alert as="span" className="text-sm">
          {error}
        </Alert>
      )}
    </ClientForm>
  );
}
