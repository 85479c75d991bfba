"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useMemo } from "react";
import { useTRPC } from "../../_trpc/client";
import { DataTable, type TColumn } from "../../_ui/data-table";
import { RenameDelete } from "../../_ui/rename-delete";
import { storedToQuery } from "../cards/list-params";
import { Button } from "../../_ui/button";
import { Badge } from "../../_ui/badge";

type TStatus = {
  id: number;
  name: string;
  params: Record<string, unknown>;
  matching: number;
  new_since_viewed: number;
  last_viewed_at: string | null;
};

/** A saved filter's parameters in words, for the list (e.g. "stages: seed, pre-seed · trending"). */
function describe(params: Record<string, unknown>): string {
  const parts = Object.entries(storedToQuery(params)).map(([k, v]) =>
    v === "true" ? k.replace(/_/g, " ") : `${k.replace(/_/g, " ")}: ${v.replace(/,/g, ", ")}`,
  );
  return parts.join(" · ") || "all cards";
}

/**
 * /saved-filters: the caller's saved filters (the same objects as GET /v1/cards/filters/), with
 * how many cards match each now and how many are new since it was last opened. Opening one
 * records the visit and shows /cards with its parameters in the URL.
 */
export function SavedFiltersPanel() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const status = useQuery(trpc.user.filters.status.queryOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.user.filters.pathKey() });
  const { mutateAsync: rename } = useMutation(trpc.user.filters.rename.mutationOptions({ onSuccess: refresh }));
  const { mutateAsync: remove } = useMutation(trpc.user.filters.delete.mutationOptions({ onSuccess: refresh }));
  const viewed = useMutation(trpc.user.filters.markViewed.mutationOptions({ onSettled: refresh }));

  const markViewed = viewed.mutateAsync;
  const open = useCallback(
    async (f: TStatus) => {
      await markViewed({ id: f.id }).catch(() => undefined);
      router.push(`/cards?${new URLSearchParams(storedToQuery(f.params)).toString()}`);
    },
    [markViewed, router],
  );

  // Stable columns: a cell is rendered as a component, so a new function each render would reset its state (an open rename form).
  const columns = useMemo(
    (): TColumn<TStatus>[] => [
      {
        id: "name",
        meta: { label: "Name", fixed: true },
        cell: ({ row }) => (
          <Button variant="link-accent" className="font-medium" onClick={() => void open(row.original)}>
            {row.original.name}
          </Button>
        ),
      },
      { id: "filter", meta: { label: "Filter", className: "max-w-80 text-slate-700" }, cell: ({ row }) => describe(row.original.params) },
      {
        id: "matching",
        meta: { label: "Matching now", className: "text-right" },
        cell: ({ row }) => row.original.matching.toLocaleString("en"),
      },
      {
        id: "new",
        meta: { label: "New since last viewed", className: "text-right" },
        cell: ({ row }) =>
          row.original.new_since_viewed > 0 ? (
            <Badge tone="success" className="font-medium">
              {row.original.new_since_viewed.toLocaleString("en")} new
            </Badge>
          ) : (
            "0"
          ),
      },
      { id: "viewed", meta: { label: "Last viewed" }, cell: ({ row }) => row.original.last_viewed_at?.slice(0, 10) ?? "never" },
      {
        id: "actions",
        meta: { label: "Actions", fixed: true },
        cell: ({ row }) => (
          <RenameDelete
            name={row.original.name}
            what="saved filter"
            onRename={(n) => rename({ id: row.original.id, name: n })}
            onDelete={() => remove({ id: row.original.id })}
          />
        ),
      },
    ],
    [rename, remove, open],
  );

  return (
    <div>
      <p className="mt-2 text-sm text-slate-700">
        Save a filter from the{" "}
        <Link href="/cards" className="text-sky-800 underline">
          Cards
        </Link>{" "}
        page (Save filter). Its id also works as
        <code className="mx-1 rounded bg-slate-100 px-1">filter_id</code>in the API.
      </p>
      <DataTable
        label="Saved filters"
        testId="saved-filter-table"
        data={status.data}
        columns={columns}
        storageKey="vm:saved-filters:columns"
        getRowId={(f) => String(f.id)}
        busy={status.isFetching}
        error={status.error?.message}
        onRetry={() => void status.refetch()}
        onOpen={(f) => void open(f)}
        empty="No saved filter yet: set filters on the Cards page and choose Save filter."
      />
    </div>
  );
}
