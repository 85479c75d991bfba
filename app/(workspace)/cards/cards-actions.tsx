"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { CARD_LIST_KEYS } from "./list-params";
import { useRefreshSavedFilters } from "./saved-filter-queries";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Input } from "~/app/_ui/input";
import { useToast } from "~/app/_ui/toast";
import { ClientForm } from "~/app/_ui/client-form";

/**
 * Saves the /cards filter in effect under a name (user.filters.createFromQuery), confirmed by a
 * toast; `onSaved` then selects the new filter.
 */
export function SaveFilter({ params, onSaved }: { params: Record<string, string>; onSaved: (id: number) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshSavedFilters();
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
        void refresh();
        onSaved(f.id);
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
