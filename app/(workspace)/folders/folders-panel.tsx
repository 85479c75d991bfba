"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { DataTable } from "~/app/_ui/data-table";
import type { TColumn } from "~/app/_ui/table-column";
import { RenameDelete } from "~/app/_ui/rename-delete";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Input } from "~/app/_ui/input";
import { useToast } from "~/app/_ui/toast";
import { SharedBy, ShareToggle, useMayManage } from "../share-toggle";
import { ClientForm } from "~/app/_ui/client-form";

type TFolder = {
  id: number;
  name: string;
  cards_count: number;
  updated_at: string;
  visibility: "private" | "team";
  owner: { id: number; email: string };
};

/**
 * /folders: the caller's folders and the team's shared ones (the same objects as GET
 * /v1/cards/folders/): create, rename, delete, share with the team, open.
 */
export function FoldersPanel() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const folders = useQuery(trpc.user.folders.list.queryOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.user.folders.pathKey() });
  const toast = useToast();
  const [name, setName] = useState("");
  const create = useMutation(
    trpc.user.folders.create.mutationOptions({
      onSuccess: (_r, input) => {
        setName("");
        toast(`Folder “${input.name}” created.`);
        void refresh();
      },
    }),
  );
  const { mutateAsync: rename } = useMutation(
    trpc.user.folders.rename.mutationOptions({
      onSuccess: (_r, input) => {
        toast(`Folder renamed to “${input.name}”.`);
        void refresh();
      },
    }),
  );
  const { mutateAsync: remove } = useMutation(
    trpc.user.folders.delete.mutationOptions({
      onSuccess: () => {
        toast("Folder deleted.");
        void refresh();
      },
    }),
  );

  const { mutateAsync: share } = useMutation(
    trpc.user.folders.share.mutationOptions({
      onSuccess: (f) => {
        toast(f.visibility === "team" ? `Folder “${f.name}” shared with your team.` : `Folder “${f.name}” is private again.`);
        void refresh();
      },
    }),
  );

  // Rename and Delete only for those the server lets do them (its rule: useMayManage).
  const may = useMayManage();

  // Stable columns: a cell is rendered as a component, so a new function each render would reset its state (an open rename form).
  const columns = useMemo(
    (): TColumn<TFolder>[] => [
      {
        id: "name",
        meta: { label: "Folder", fixed: true },
        cell: ({ row }) => (
          <Link href={`/folders/${row.original.id}`} className="font-medium text-sky-800 underline">
            {row.original.name}
          </Link>
        ),
      },
      { id: "cards", meta: { label: "Cards", className: "text-right" }, cell: ({ row }) => row.original.cards_count },
      { id: "updated", meta: { label: "Changed" }, cell: ({ row }) => row.original.updated_at.slice(0, 10) },
      {
        id: "shared",
        meta: { label: "Shared" },
        cell: ({ row }) => <SharedBy visibility={row.original.visibility} owner={row.original.owner} />,
      },
      {
        id: "actions",
        meta: { label: "Actions", fixed: true },
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-1">
            {may(row.original.owner.id) && (
              <RenameDelete
                name={row.original.name}
                what="folder"
                onRename={(n) => rename({ id: row.original.id, name: n })}
                onDelete={() => remove({ id: row.original.id })}
              />
            )}
            <ShareToggle
              name={row.original.name}
              visibility={row.original.visibility}
              ownerId={row.original.owner.id}
              onShare={(visibility) => share({ id: row.original.id, visibility })}
            />
          </span>
        ),
      },
    ],
    [rename, remove, share, may],
  );

  return (
    <div>
      <ClientForm
        className="mt-4 flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name });
        }}
      >
        <label htmlFor="new-folder" className="sr-only">
          New folder name
        </label>
        <Input
          id="new-folder"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="New folder name"
        />
        <Button type="submit" disabled={create.isPending} variant="primary" size="md">
          Create folder
        </Button>
        {create.error && (
          <Alert as="span" className="text-sm">
            {create.error.message}
          </Alert>
        )}
      </ClientForm>
      <DataTable
        label="Folders"
        testId="folder-table"
        data={folders.data}
        columns={columns}
        storageKey="vm:folders:columns"
        getRowId={(f) => String(f.id)}
        busy={folders.isFetching}
        error={folders.error?.message}
        onRetry={() => void folders.refetch()}
        onOpen={(f) => router.push(`/folders/${f.id}`)}
        empty="No folder yet: create one above, or select cards on the Cards page and add them to a new folder."
      />
    </div>
  );
}
